import { runBundleBench } from "./bundles";

/** `npm run bench`: every benchmark of the project, figures printed with their method. */
console.log(`node ${process.version} on ${process.arch}; command: npm run bench\n`);
await runBundleBench();
