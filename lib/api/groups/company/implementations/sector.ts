import type { CompanyRecord } from "../../../../company/ports";
import type { Instrument } from "../../../../market/ports";
import { roundMoney } from "../../../../market/precision";
import { fromProvider, servedQuoteOf } from "../../../market-data";
import type { Implementations } from "../../../route";
import type { companyRoutes } from "../routes";
import { type CompanyDeps, companyRecordOf, fromCompanySource, notSupplied } from "./shared";

/** Peers listed per group: the largest, the company among them or not. */
const PEERS_SHOWN = 10;

interface Sized {
  record: CompanyRecord;
  instrument: Instrument;
  /** USD: sharesOutstanding × livePrice. */
  marketCap: number;
}

/** The listed companies of `sector` (records the directory knows), with their codes. */
async function sectorMembers(deps: CompanyDeps, sector: string) {
  const [listings, instruments] = await Promise.all([
    fromCompanySource(() => deps.company.directory.listings()),
    fromProvider(() => deps.market.instruments()),
  ]);
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const records = await Promise.all(
    listings.map((listing) =>
      fromCompanySource(() => deps.company.directory.company(listing.symbol)),
    ),
  );
  return records.flatMap((record) => {
    const instrument = record && bySymbol.get(record.symbol);
    return record?.sector === sector && instrument ? [{ record, instrument }] : [];
  });
}

async function sized(deps: CompanyDeps, member: { record: CompanyRecord; instrument: Instrument }) {
  const [reference, quote] = await Promise.all([
    fromProvider(() => deps.market.reference(member.instrument)),
    servedQuoteOf(deps, member.instrument),
  ]);
  const shares = reference?.kind === "equity" ? reference.sharesOutstanding : 0;
  return { ...member, marketCap: roundMoney(shares * quote.livePrice) };
}

/** Largest first; ties by symbol. */
const bySize = (a: Sized, b: Sized) =>
  b.marketCap - a.marketCap || a.record.symbol.localeCompare(b.record.symbol);

function standing(members: Sized[], symbol: string) {
  const ranked = [...members].sort(bySize);
  return {
    rank: ranked.findIndex((member) => member.record.symbol === symbol) + 1,
    count: ranked.length,
    total: roundMoney(ranked.reduce((sum, member) => sum + member.marketCap, 0)),
    peers: ranked.slice(0, PEERS_SHOWN).map((member) => ({
      symbol: member.record.symbol,
      name: member.record.name,
      code: member.instrument.code,
      marketCap: member.marketCap,
    })),
  };
}

type SectorRoutes = Pick<typeof companyRoutes, "sector">;

export const companySectorImplementations: Implementations<SectorRoutes, CompanyDeps> = {
  "company.sector": async ({ params }, deps) => {
    const { instrument, record } = await companyRecordOf(deps, params.code, "sector data");
    if (record.sector === null || record.industry === null) {
      throw notSupplied("a sector classification (GICS)");
    }
    const members = await Promise.all(
      (await sectorMembers(deps, record.sector)).map((member) => sized(deps, member)),
    );
    const self = members.find((member) => member.record.symbol === record.symbol);
    const sector = standing(members, record.symbol);
    const industry = standing(
      members.filter((member) => member.record.industry === record.industry),
      record.symbol,
    );
    return {
      symbol: instrument.symbol,
      name: record.name,
      marketCap: self?.marketCap ?? 0,
      sector: record.sector,
      industry: record.industry,
      sectorRank: sector.rank,
      sectorCount: sector.count,
      sectorMarketCap: sector.total,
      industryRank: industry.rank,
      industryCount: industry.count,
      industryMarketCap: industry.total,
      sectorPeers: sector.peers,
      industryPeers: industry.peers,
      asOf: deps.marketClock.now().toISOString(),
    };
  },
};
