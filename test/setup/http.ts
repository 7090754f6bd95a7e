import { request } from "node:http";

/**
 * `fetch` from a chosen loopback address (any of 127.0.0.0/8 reaches the local server), so
 * tests act as distinct clients the way the per-IP limits see them, with no header spoofing.
 * By default each call comes from a random address.
 */
export function randomLoopback(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `127.${byte()}.${byte()}.${byte()}`;
}

export function fetchFrom(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  localAddress = randomLoopback(),
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? "GET",
        headers: {
          ...init.headers,
          ...(init.body === undefined
            ? {}
            : { "content-length": String(Buffer.byteLength(init.body)) }),
        },
        localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined)
              headers.set(name, Array.isArray(value) ? value.join(", ") : value);
          }
          const status = res.statusCode ?? 0;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
