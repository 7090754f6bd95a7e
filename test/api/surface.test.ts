import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describedEndpoints, serviceDescriptor } from "../../lib/api/descriptor";
import { ROUTE_MANIFEST } from "../../lib/api/generated/manifest";
import { ROUTES } from "../../lib/api/groups/registry";
import { fullPath } from "../../lib/api/route";

/**
 * The route table against the spec's own endpoint list (its tables and the catalogue list
 * under "Other endpoint groups"), and the descriptor's counts against the spec's "The service
 * reports 23 controllers and 179 endpoints".
 */

const SPEC = readFileSync(
  join(import.meta.dirname, "../../../shared/spec/market-data-api.md"),
  "utf8",
);

/** `GET /market/stocks/{}/quote`: the method and the path with parameters unnamed. */
const endpointKey = (method: string, path: string) =>
  `${method} ${
    path
      .split("?")[0]
      ?.replace(/\{[^}]+\}/g, "{}")
      .replace(/\/$/, "") || "/"
  }`;

/**
 * One catalogue line's endpoints, e.g. `/volatility/{code}/surface, /term-structure`: the
 * first path is absolute, the next ones too when they start with the same first segment,
 * otherwise they are relative to the first one's folder (`/graph/{code}/ suppliers,
 * customers` names the folder then the endpoints).
 */
function catalogueLine(items: string): string[] {
  let folder = "";
  let root = "";
  return items.split(/[,;]\s+/).map((item, i) => {
    const [, method = "GET", target = ""] =
      item.trim().match(/^(?:(GET|POST|DELETE) )?(.+)$/) ?? [];
    if (i === 0) {
      const [prefix = "", name = ""] = target.split(/\s+/);
      folder = name ? prefix : prefix.slice(0, prefix.lastIndexOf("/") + 1);
      root = prefix.split("/")[1] ?? "";
      return endpointKey(method, prefix + name);
    }
    const absolute = target.startsWith("/") && target.split("/")[1] === root;
    return endpointKey(method, absolute ? target : folder + target.replace(/^\//, ""));
  });
}

function specEndpoints(): Map<string, string> {
  const found = new Map<string, string>(); // endpoint → spec section or catalogue group
  let section = "";
  for (const line of SPEC.split("\n")) {
    section = line.match(/^### (.+)/)?.[1] ?? section;
    const row = line.match(/^\| (GET|POST|DELETE|PUT|PATCH) \| (\S+) \|/);
    if (row?.[1] && row[2]) found.set(endpointKey(row[1], row[2]), section);
    const listed = line.match(/^- ([A-Z][A-Za-z ]+): ((?:GET |POST |DELETE )?\/.*)$/);
    if (listed?.[1] && listed[2] && section.startsWith("Other endpoint groups")) {
      for (const key of catalogueLine(listed[2])) found.set(key, listed[1]);
    }
  }
  return found;
}

/** Our path for the spec's `{corporate}` word, the fixed word naming the corporate site. */
const CORPORATE = endpointKey("POST", "/{corporate}/contact");

const served = new Map(
  ROUTES.map((route) => [
    endpointKey(route.method, fullPath(route).replace(/^\/v1(?=\/|$)/, "") || "/"),
    route,
  ]),
);

describe("the route table against the spec's endpoint list", () => {
  const listed = specEndpoints();

  it("reads the spec's list whole: 178 endpoints in its tables and catalogue", () => {
    expect(listed.size).toBe(178);
    expect(listed.get(endpointKey("GET", "/graph/{code}/earnings-prediction"))).toBe("Graph");
    expect(listed.get(endpointKey("GET", "/reference/fx-rates/{from}/{to}/history"))).toBe(
      "Reference",
    );
  });

  it("serves every endpoint the spec lists", () => {
    const missing = [...listed.keys()].filter(
      (key) => !served.has(key === CORPORATE ? endpointKey("POST", "/corporate/contact") : key),
    );
    expect(missing).toEqual([]);
  });

  it("serves nothing else but the descriptor, the documentation and a CORS preflight", () => {
    const extra = [...served.entries()]
      .filter(([key]) => !listed.has(key) && key !== endpointKey("POST", "/corporate/contact"))
      .map(([, route]) => route.id);
    expect(extra.sort()).toEqual(
      ["corporate.preflight", "docs.asset", "docs.openapi", "docs.page", "meta.descriptor"].sort(),
    );
  });

  it("reports the spec's counts in the descriptor: the listed endpoints and the descriptor", () => {
    const [, controllers, endpoints] =
      SPEC.match(/reports (\d+) controllers and (\d+) endpoints/) ?? [];
    const { surface, endpoints: map } = serviceDescriptor(ROUTE_MANIFEST, "https://api.example");
    expect(surface).toEqual({ controllers: Number(controllers), endpoints: Number(endpoints) });
    expect(surface.endpoints).toBe(listed.size + 1);
    expect(Object.keys(map)).toHaveLength(surface.controllers);
    expect(describedEndpoints(ROUTE_MANIFEST).map((route) => route.id)).toContain(
      "meta.descriptor",
    );
  });
});
