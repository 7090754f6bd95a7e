import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../lib/api/groups/registry";
import { fullPath } from "../../lib/api/route";
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

/** The group tags the page lists, in order. */
function tagsOf(page: Page): Promise<string[]> {
  return page.$$eval(".opblock-tag", (found) =>
    found.map((tag) => tag.getAttribute("data-tag") ?? ""),
  );
}

/** Opens a collapsed group and waits for its first operation. */
async function openTag(page: Page, tag: string): Promise<void> {
  await page.locator(`.opblock-tag[data-tag="${tag}"]`).click();
  await page
    .locator(`#operations-tag-${tag}`)
    .locator("xpath=..")
    .locator(".opblock")
    .first()
    .waitFor({ timeout: 30_000 });
}

describe("GET /docs", () => {
  it("renders every documented endpoint offline, without script errors", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("requestfailed", (request) => problems.push(`failed: ${request.url()}`));
    await page.goto(`${api.origin}/docs`);
    await page.waitForSelector(".opblock-tag", { timeout: 90_000 });
    // Groups start collapsed: open each, read its operations, close it again.
    const listed: string[] = [];
    for (const tag of await tagsOf(page)) {
      await openTag(page, tag);
      listed.push(
        ...(await page.$$eval(".opblock", (blocks) =>
          blocks.map((block) => {
            const method = block.querySelector(".opblock-summary-method")?.textContent?.trim();
            const path = block.querySelector(".opblock-summary-path")?.getAttribute("data-path");
            return `${method} ${path}`;
          }),
        )),
      );
      await page.locator(`.opblock-tag[data-tag="${tag}"]`).click();
      await page.locator(".opblock").first().waitFor({ state: "detached", timeout: 30_000 });
    }
    const expected = ROUTES.filter((r) => r.versioned !== false && !r.hidden).map(
      (r) => `${r.method} ${fullPath(r).slice(3) || "/"}`,
    );
    expect(listed.sort()).toEqual(expected.sort());
    expect(await page.title()).toContain("documentation");
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it("shows the written examples, not values generated from the schemas", async () => {
    const page = await browser.newPage();
    await page.goto(`${api.origin}/docs`);
    await page.waitForSelector(".opblock-tag", { timeout: 90_000 });
    expect(await tagsOf(page)).not.toContain("docs");
    await openTag(page, "options");
    await openTag(page, "market");
    const shown = async (method: string, path: string) => {
      const block = page
        .locator(`.opblock-${method}`)
        .filter({ has: page.locator(`[data-path="${path}"]`) });
      await block.locator(".opblock-summary").first().click();
      await block.locator(".responses-table").first().waitFor({ timeout: 30_000 });
      return block.innerText();
    };
    const calculator = await shown("post", "/options/calculator");
    expect(calculator).toContain('"underlyingPrice": 230');
    expect(calculator).toContain('"impliedVolatility": 28');
    expect(calculator).toContain('"theoreticalPrice": 5.50748');
    expect(calculator).toContain("MISSING_API_KEY");
    expect(calculator).not.toContain("36500");
    const quote = await shown("get", "/market/stocks/{code}/quote");
    expect(quote).toContain('"lastUpdated": "2026-11-23T15:00:00.000Z"');
    expect(quote).toContain("SYMBOL_NOT_FOUND");
    for (const text of [calculator, quote]) {
      for (const [year] of text.matchAll(/\b\d{4}(?=-\d\d-\d\d)/g)) {
        expect(Number(year)).toBeLessThanOrEqual(2100);
      }
    }
    await page.close();
  }, 300_000);
});
