import type { CompanyGraph } from "./graph";

/**
 * How a shock spreads over supply edges, breadth-first from one company: layer by layer up to
 * `maxDepth` hops, each company reached at its shortest depth only (so a cycle never loops and
 * nothing is counted twice), with
 *
 *   impact_j = Σ_i w_ij · impact_i · decay   over the companies i of the previous layer linked to j,
 *
 * impact_origin = shock; so along one path impact = shock · Π w · decay^depth. Which way the
 * walk goes and which share weighs an edge make the channel:
 * - "customers" walk (supplier → customer) weighed by the customer's cost share: a supply shock
 *   at the origin reaching its customers' costs; weighed by the supplier's revenue share, the
 *   origin's exposure to a demand shock at each customer (read backwards);
 * - "suppliers" walk (customer → supplier) weighed by the supplier's revenue share: a demand
 *   shock at the origin reaching its suppliers' revenue; weighed by the customer's cost share,
 *   the origin's exposure to a supply shock at each supplier (read backwards).
 * Unknown shares count as 0.
 */

export type CascadeWalk = "customers" | "suppliers";
export type CascadeWeight = "customerCostShare" | "supplierRevenueShare";

export interface CascadeNode {
  node: string;
  depth: number;
  /** Same unit as the shock. */
  impact: number;
  /** The origin first, this node last: the path of the largest contribution. */
  path: string[];
}

export function propagateShock(
  graph: CompanyGraph,
  origin: string,
  walk: CascadeWalk,
  weight: CascadeWeight,
  shock: number,
  decay: number,
  maxDepth: number,
): CascadeNode[] {
  const reached = new Map<string, CascadeNode>([
    [origin, { node: origin, depth: 0, impact: shock, path: [origin] }],
  ]);
  let layer = [origin];
  for (let depth = 1; depth <= maxDepth && layer.length > 0; depth++) {
    const next = new Map<string, { impact: number; best: number; from: string }>();
    for (const node of layer) {
      const source = reached.get(node) as CascadeNode;
      const visit = (edgeWeight: number, other: string) => {
        if (reached.has(other)) return;
        const contribution = edgeWeight * source.impact * decay;
        const entry = next.get(other) ?? { impact: 0, best: -1, from: node };
        entry.impact += contribution;
        if (Math.abs(contribution) > entry.best) {
          entry.best = Math.abs(contribution);
          entry.from = node;
        }
        next.set(other, entry);
      };
      const edges = walk === "customers" ? graph.outEdges(node) : graph.inEdges(node);
      for (const edge of edges) {
        const attributes = graph.getEdgeAttributes(edge);
        if (attributes.type !== "supplies-to") continue;
        const share = attributes.detail[weight];
        const other = walk === "customers" ? graph.target(edge) : graph.source(edge);
        visit(typeof share === "number" ? share : 0, other);
      }
    }
    for (const [node, entry] of next) {
      const from = reached.get(entry.from) as CascadeNode;
      reached.set(node, { node, depth, impact: entry.impact, path: [...from.path, node] });
    }
    layer = [...next.keys()];
  }
  reached.delete(origin);
  return [...reached.values()];
}
