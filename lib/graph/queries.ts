import type { CompanyGraph, EdgeAttributes, EdgeType, NodeAttributes } from "./graph";

/**
 * Reads of the company graph: a node's edges, its degree per type, the network around it
 * (breadth-first, bounded), and the supply paths that lead to it.
 */

export interface GraphEdge extends EdgeAttributes {
  key: string;
  source: string;
  target: string;
  directed: boolean;
}

/** Every edge touching `node` (either end), optionally of the given types. */
export function edgesOf(
  graph: CompanyGraph,
  node: string,
  types?: ReadonlySet<EdgeType>,
): GraphEdge[] {
  const edges: GraphEdge[] = [];
  graph.forEachEdge(node, (key, attributes, source, target, _s, _t, undirected) => {
    if (types && !types.has(attributes.type)) return;
    edges.push({ ...attributes, key, source, target, directed: !undirected });
  });
  return edges;
}

export interface Degree {
  type: EdgeType;
  /** Directed edges ending at the node (undirected: 0). */
  inbound: number;
  /** Directed edges starting at the node (undirected: 0). */
  outbound: number;
  undirected: number;
  total: number;
}

/** The node's degree per edge type (types it has none of are omitted). */
export function degreesOf(graph: CompanyGraph, node: string): Degree[] {
  const byType = new Map<EdgeType, Degree>();
  for (const edge of edgesOf(graph, node)) {
    let degree = byType.get(edge.type);
    if (!degree) {
      degree = { type: edge.type, inbound: 0, outbound: 0, undirected: 0, total: 0 };
      byType.set(edge.type, degree);
    }
    degree.total++;
    if (!edge.directed) degree.undirected++;
    else if (edge.target === node) degree.inbound++;
    else degree.outbound++;
  }
  return [...byType.values()];
}

export interface NetworkNode {
  id: string;
  attributes: NodeAttributes;
  depth: number;
  /** The product of edge strengths along the strongest path from the centre found (centre 1). */
  strength: number;
}

export interface Network {
  nodes: NetworkNode[];
  edges: GraphEdge[];
  /** Nodes within the depth that were left out to keep `maxNodes`. */
  omittedNodes: number;
}

/**
 * The nodes within `depth` hops of `centre` over edges of `types` (any direction), and the
 * edges among the nodes kept. At most `maxNodes` nodes: nearer ones first, then by the strength
 * of their strongest path from the centre (the product of edge strengths), then by id.
 */
export function networkAround(
  graph: CompanyGraph,
  centre: string,
  depth: number,
  maxNodes: number,
  types: ReadonlySet<EdgeType>,
): Network {
  const strength = strongestPaths(graph, centre, depth, types);
  const candidates = [...strength.entries()]
    .map(([id, value]) => ({
      id,
      attributes: graph.getNodeAttributes(id),
      depth: value.depth,
      strength: value.strength,
    }))
    .sort((a, b) => a.depth - b.depth || b.strength - a.strength || (a.id < b.id ? -1 : 1));
  const nodes = candidates.slice(0, maxNodes);
  const kept = new Set(nodes.map((node) => node.id));
  const edges: GraphEdge[] = [];
  graph.forEachEdge((key, attributes, source, target, _s, _t, undirected) => {
    if (!types.has(attributes.type) || !kept.has(source) || !kept.has(target)) return;
    edges.push({ ...attributes, key, source, target, directed: !undirected });
  });
  return { nodes, edges, omittedNodes: candidates.length - nodes.length };
}

/**
 * Breadth-first from the centre, layer by layer: each node's depth and the strength of its
 * strongest shortest path over edges of `types` (a plain BFS keeps only the first path found).
 */
function strongestPaths(
  graph: CompanyGraph,
  centre: string,
  depth: number,
  types: ReadonlySet<EdgeType>,
): Map<string, { depth: number; strength: number }> {
  const best = new Map([[centre, { depth: 0, strength: 1 }]]);
  let layer = [centre];
  for (let d = 1; d <= depth && layer.length > 0; d++) {
    const next = new Map<string, number>();
    for (const node of layer) {
      const from = (best.get(node) as { strength: number }).strength;
      graph.forEachEdge(node, (_key, attributes, source, target) => {
        if (!types.has(attributes.type)) return;
        const other = source === node ? target : source;
        if (best.has(other)) return;
        const strength = from * attributes.weight;
        if (strength > (next.get(other) ?? -1)) next.set(other, strength);
      });
    }
    for (const [node, strength] of next) best.set(node, { depth: d, strength });
    layer = [...next.keys()];
  }
  return best;
}

/** One way a supplier's goods reach the company: supplier first, the company last. */
export interface SupplyPath {
  nodes: string[];
  /** Each hop's customer cost share (0-1; null when unknown), in path order. */
  costShares: (number | null)[];
}

/**
 * Every simple supply path of at most `maxDepth` hops ending at `company` (walking supplies-to
 * edges backwards from it), shortest first.
 */
export function supplyPathsInto(
  graph: CompanyGraph,
  company: string,
  maxDepth: number,
): SupplyPath[] {
  const paths: SupplyPath[] = [];
  const walk = (node: string, suffix: string[], shares: (number | null)[]) => {
    if (suffix.length > maxDepth) return;
    graph.forEachInEdge(node, (_key, attributes, source) => {
      if (attributes.type !== "supplies-to" || suffix.includes(source)) return;
      const share = attributes.detail.customerCostShare;
      const path = {
        nodes: [source, ...suffix],
        costShares: [typeof share === "number" ? share : null, ...shares],
      };
      paths.push(path);
      walk(source, path.nodes, path.costShares);
    });
  };
  walk(company, [company], []);
  return paths.sort((a, b) => a.nodes.length - b.nodes.length);
}
