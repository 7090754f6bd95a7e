import { describe, expect, it } from "vitest";
import { loadConfig, loadLocalConfig } from "../../lib/config";

/** The timeouts that let tests and `npm start` live on a loaded machine. */

describe("DynamoDB timeouts", () => {
  it("keeps the deployed per-attempt timeout tight unless DYNAMODB_TIMEOUT_MS says otherwise", () => {
    expect(loadConfig({}).dynamoTimeoutMs).toBe(2000);
    expect(loadConfig({ DYNAMODB_TIMEOUT_MS: "30000" }).dynamoTimeoutMs).toBe(30_000);
  });

  it("gives the tests a generous one (test/setup/env.ts)", () => {
    expect(loadConfig(process.env).dynamoTimeoutMs).toBeGreaterThanOrEqual(30_000);
  });

  it("waits up to 120 s for DynamoDB Local to start unless DYNAMODB_START_TIMEOUT_MS says otherwise", () => {
    expect(loadLocalConfig({}).dynamoStartTimeoutMs).toBe(120_000);
    expect(loadLocalConfig({ DYNAMODB_START_TIMEOUT_MS: "300000" }).dynamoStartTimeoutMs).toBe(
      300_000,
    );
  });

  it("limits DynamoDB requests in flight against DynamoDB Local only, unless told (0: none)", () => {
    expect(loadConfig({}).dynamoMaxInFlight).toBeUndefined();
    expect(loadConfig({ DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" }).dynamoMaxInFlight).toBe(8);
    const local = { DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" };
    expect(loadConfig({ ...local, DYNAMODB_MAX_IN_FLIGHT: "0" }).dynamoMaxInFlight).toBeUndefined();
    expect(loadConfig({ DYNAMODB_MAX_IN_FLIGHT: "4" }).dynamoMaxInFlight).toBe(4);
    for (const value of ["-1", "2.5", "many", ""]) {
      expect(() => loadConfig({ DYNAMODB_MAX_IN_FLIGHT: value })).toThrow(/DYNAMODB_MAX_IN_FLIGHT/);
    }
  });

  it("runs npm start's DynamoDB Local with tiered compilation unless DYNAMODB_LOCAL_JIT says c1", () => {
    expect(loadLocalConfig({}).dynamoLocalJit).toBe("tiered");
    expect(loadLocalConfig({ DYNAMODB_LOCAL_JIT: "c1" }).dynamoLocalJit).toBe("c1");
    for (const value of ["C2", "fast", "c1 "]) {
      expect(() => loadLocalConfig({ DYNAMODB_LOCAL_JIT: value })).toThrow(/DYNAMODB_LOCAL_JIT/);
    }
  });

  it.each(["0", "-5", "1.5", "soon"])("refuses %s milliseconds, naming the variable", (value) => {
    expect(() => loadConfig({ DYNAMODB_TIMEOUT_MS: value })).toThrow(/DYNAMODB_TIMEOUT_MS/);
    expect(() => loadLocalConfig({ DYNAMODB_START_TIMEOUT_MS: value })).toThrow(
      /DYNAMODB_START_TIMEOUT_MS/,
    );
  });
});

describe("the company-data source", () => {
  it("follows the market by default: the simulated world with it, EDGAR with a vendor", () => {
    expect(loadConfig({}).companyProvider).toBe("sim");
    expect(loadConfig({ MARKET_PROVIDER: "alpaca" }).companyProvider).toBe("edgar");
    expect(loadConfig({ MARKET_PROVIDER: "alpaca", COMPANY_PROVIDER: "sim" }).companyProvider).toBe(
      "sim",
    );
    expect(loadConfig({ COMPANY_PROVIDER: "edgar" }).companyProvider).toBe("edgar");
  });

  it("reads EDGAR's User-Agent from EDGAR_USER_AGENT", () => {
    expect(loadConfig({}).edgarUserAgent).toBeUndefined();
    expect(loadConfig({ EDGAR_USER_AGENT: "Example ops@example.com" }).edgarUserAgent).toBe(
      "Example ops@example.com",
    );
  });
});
