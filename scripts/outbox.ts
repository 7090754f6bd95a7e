import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DEFAULT_TABLE_NAME, loadLocalConfig } from "../lib/config";
import { OUTBOX_PK } from "../lib/contact/mailer";
import { createDocumentStore } from "../lib/store/document-store";

/**
 * `npm run outbox`: the contact-form messages a running `npm start` would have mailed, newest
 * last. Reads the database address that `npm start` wrote to $DATA_DIR/runtime.json.
 */
const { dataDir } = loadLocalConfig(process.env);
const runtime = JSON.parse(await readFile(join(dataDir, "runtime.json"), "utf8")) as {
  dynamoEndpoint: string;
};
const db = createDocumentStore({ region: "us-east-1", endpoint: runtime.dynamoEndpoint });
const { Items = [] } = await db.query({
  TableName: DEFAULT_TABLE_NAME,
  KeyConditionExpression: "pk = :pk",
  ExpressionAttributeValues: { ":pk": OUTBOX_PK },
});
for (const item of Items) console.log(`${"-".repeat(72)}\n${item.text}\n`);
console.log(`${Items.length} message(s) in the outbox.`);
