export { createSimulatedNewsroom } from "./newsroom";
export { OUTLETS, RESEARCH_FIRMS } from "./outlets";
