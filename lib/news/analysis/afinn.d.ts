/**
 * The `sentiment` package's English language module (CommonJS): its AFINN-165 table. Imported
 * through the module rather than its labels.json, which tsx's JSON-to-ESM transform cannot load
 * (the table has keys such as `protected` that are reserved words in a module).
 */
declare module "sentiment/languages/en/index.js" {
  const english: { labels: Readonly<Record<string, number>> };
  export default english;
}
