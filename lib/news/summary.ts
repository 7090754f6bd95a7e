import type { NarrativeFacts } from "../narrative/ports";
import { listOf, type NarrativeTemplates, type Pick } from "../narrative/template-writer";

/**
 * The company news summary (/company/{code}/news-summary): a few sentences built from the
 * week's story clusters (headlines and coverage) and the news sentiment, through the narrative
 * port. The template writer is the default; a model backend gets the same facts.
 */

export const NEWS_SUMMARY_KIND = "company.newsSummary";

export const NEWS_SUMMARY_INSTRUCTIONS =
  "Two to four sentences: how much news named the company this week (articles, outlets, " +
  "stories), the most covered stories quoted by headline with their outlet counts, and the " +
  "sentiment with its score. Use only the facts given; no advice.";

const asText = (value: NarrativeFacts[string] | undefined) => String(value ?? "");
const asList = (value: NarrativeFacts[string] | undefined) =>
  Array.isArray(value) ? value.map(String) : [];

function signed(score: number): string {
  return `${score >= 0 ? "+" : ""}${score.toFixed(2)}`;
}

function newsSummary(facts: NarrativeFacts, pick: Pick): string {
  const company = `${asText(facts.companyName)} (${asText(facts.symbol)})`;
  const days = Number(facts.days);
  if (Number(facts.articleCount) === 0) {
    return `No article named ${company} in the last ${days} days.`;
  }
  const coverage = pick([
    `Over the last ${days} days, ${facts.articleCount} articles from ${facts.sourceCount} outlets covered ${company} in ${facts.clusterCount} stories.`,
    `${company} was named in ${facts.articleCount} articles from ${facts.sourceCount} outlets over the last ${days} days, across ${facts.clusterCount} stories.`,
  ] as const);
  const headlines = asList(facts.topHeadlines);
  const outletCounts = asList(facts.topSourceCounts);
  const quoted = headlines.map(
    (headline, index) =>
      `"${headline}" (${outletCounts[index]} ${outletCounts[index] === "1" ? "outlet" : "outlets"})`,
  );
  const stories = pick([
    `The most covered: ${listOf(quoted)}.`,
    `Leading stories: ${listOf(quoted)}.`,
  ] as const);
  const score = Number(facts.sentimentScore);
  const mood = `News sentiment was ${asText(facts.sentimentLabel)} (${signed(score)} on a −1 to +1 scale)`;
  const trend = facts.trendDirection ? `, ${asText(facts.trendDirection)} against the month.` : ".";
  return `${coverage} ${stories} ${mood}${trend}`;
}

export const NEWS_SUMMARY_TEMPLATES: NarrativeTemplates = { [NEWS_SUMMARY_KIND]: newsSummary };
