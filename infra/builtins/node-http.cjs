// node:http loaded as CommonJS. An ES-module import of node:http reads every export, and
// its lazy WebSocket getters then load undici: about 30 ms of every cold start for nothing.
// The bundles alias "node:http" here (infra/bundling.ts).
module.exports = process.getBuiltinModule("node:http");
