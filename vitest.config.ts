import { defineConfig } from "vitest/config";

/**
 * Timeouts catch hangs, not slowness: the suite shares a 2-core machine with other work, and
 * a DynamoDB Local call may take up to DYNAMODB_TIMEOUT_MS (30 s in tests, test/setup/env.ts).
 * Speed is measured by `npm run bench`, never asserted here.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/setup/global-setup.ts"],
    setupFiles: ["test/setup/env.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
