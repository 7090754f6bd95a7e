import type { DocumentStore } from "./document-store";

/**
 * The intelligence committee's verdicts: the latest run per instrument, one item
 * (`VERDICT#<code>`, sk `LATEST`). GET /intelligence/{code}/analysis, POST /intelligence/compare
 * and the scheduled job write it; GET /intelligence/{code}/conviction only reads it (spec fact
 * 4), so a stored verdict changes only when a new analysis runs. The record is kept as one JSON
 * attribute (it is read whole, never queried inside) beside the fields worth seeing in a console.
 */

/** Where a stored verdict came from. */
export type VerdictTrigger = "request" | "schedule";

/** What is stored: the committee's answer as served, and how it was reached. */
export interface StoredVerdict {
  code: string;
  /** When the committee ran, ISO 8601 (the market clock). */
  analysedAt: string;
  rulesVersion: string;
  /** SHA-256 (hex) of the specialists' inputs: equal hashes, equal evidence. */
  inputsHash: string;
  trigger: VerdictTrigger;
  /** The verdict as GET /intelligence/{code}/analysis served it. */
  verdict: Record<string, unknown>;
}

const keyOf = (code: string) => ({ pk: `VERDICT#${code}`, sk: "LATEST" });

export function createVerdictStore(db: DocumentStore, tableName: string) {
  return {
    /** Replaces the instrument's latest verdict (a whole-item put: never half-written). */
    async save(record: StoredVerdict): Promise<void> {
      await db.put(
        {
          TableName: tableName,
          Item: {
            ...keyOf(record.code),
            code: record.code,
            analysedAt: record.analysedAt,
            rulesVersion: record.rulesVersion,
            inputsHash: record.inputsHash,
            trigger: record.trigger,
            finalVerdict: record.verdict.FinalVerdict,
            verdict: JSON.stringify(record.verdict),
          },
        },
        { repeatable: true },
      );
    },

    /** The latest stored verdict, or undefined when the committee never ran on it. */
    async latest(code: string): Promise<StoredVerdict | undefined> {
      const { Item } = await db.get({
        TableName: tableName,
        Key: keyOf(code),
        ConsistentRead: true,
      });
      if (!Item) return undefined;
      return {
        code: String(Item.code),
        analysedAt: String(Item.analysedAt),
        rulesVersion: String(Item.rulesVersion),
        inputsHash: String(Item.inputsHash),
        trigger: Item.trigger === "schedule" ? "schedule" : "request",
        verdict: JSON.parse(String(Item.verdict)) as Record<string, unknown>,
      };
    },
  };
}

export type VerdictStore = ReturnType<typeof createVerdictStore>;
