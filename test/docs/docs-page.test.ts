import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fullPath } from "../../lib/api/route";
import { ROUTES } from "../../lib/api/routes";
import type { LocalRuntime } from "../../local/runtime";
import { startTestApi } from "../setup/local-api";

/** The /docs page in real headless Chromium (Debian's package; `.ci/run` installs it). */

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let api: LocalRuntime;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (see .ci/run)`);
  }
  api = await startTestApi();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

describe("GET /docs", () => {
  it("renders every documented endpoint offline, without script errors", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("requestfailed", (request) => problems.push(`failed: ${request.url()}`));
    await page.goto(`${api.origin}/docs`);
    await page.waitForSelector(".opblock", { timeout: 20_000 });
    const listed = await page.$$eval(".opblock", (blocks) =>
      blocks.map((block) => {
        const method = block.querySelector(".opblock-summary-method")?.textContent?.trim();
        const path = block.querySelector(".opblock-summary-path")?.getAttribute("data-path");
        return `${method} ${path}`;
      }),
    );
    const expected = ROUTES.filter((r) => r.versioned !== false && !r.hidden).map(
      (r) => `${r.method} ${fullPath(r).slice(3) || "/"}`,
    );
    expect(listed.sort()).toEqual(expected.sort());
    expect(await page.title()).toContain("documentation");
    expect(problems).toEqual([]);
    await page.close();
  });
});
