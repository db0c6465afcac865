export { ALWAYS_OFFERED, chooseOffer, type OfferInput, offerForRun } from "./choose.js";
export { MAX_SEARCHES, TOOLS_SEARCH, toolsSearchTool } from "./search-tool.js";
export { ToolOffer } from "./tool-offer.js";
