import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** The swagger-ui-dist files the docs page loads, with their content types. */
export const DOCS_ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
  "docs-init.js": "text/javascript; charset=utf-8",
};

export interface DocsAssets {
  /** Reads a docs asset by file name; resolves to undefined for unknown names. */
  read(file: string): Promise<string | undefined>;
  /** The OpenAPI document as JSON text, generated at build time. */
  openApiDocument(): Promise<string>;
}

/**
 * Our own init script, served as a file rather than inline so the page works under a
 * strict Content-Security-Policy (script-src 'self'). Groups start collapsed (a click opens
 * one): Swagger UI 5.35 stops rendering when more than about 133 operations are expanded at
 * once, which this API's 180 would be.
 */
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "swagger/v1/swagger.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    docExpansion: "none",
    defaultModelsExpandDepth: 0,
  });
});
`;

/**
 * Assets from a folder (swagger-ui-dist locally, a copy beside the bundle in Lambda) and the
 * OpenAPI document from its file (lib/api/generated/openapi.json, copied beside the bundle).
 */
export function fileDocsAssets(dir: string, openApiPath: string): DocsAssets {
  const cache = new Map<string, string>();
  let openApi: Promise<string> | undefined;
  return {
    openApiDocument() {
      openApi ??= readFile(openApiPath, "utf8").then((text) => JSON.stringify(JSON.parse(text)));
      return openApi;
    },
    async read(file) {
      if (!(file in DOCS_ASSETS)) return undefined;
      if (file === "docs-init.js") return INIT_SCRIPT;
      let text = cache.get(file);
      if (text === undefined) {
        text = await readFile(join(dir, file), "utf8");
        cache.set(file, text);
      }
      return text;
    },
  };
}

/** The HTML documentation page; assets are relative so it works behind any stage prefix. */
export function docsPageHtml(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js" charset="utf-8"></script>
  <script src="docs/docs-init.js" charset="utf-8"></script>
</body>
</html>
`;
}
