export * from "./analytics";
export * from "./audit";
export * from "./challenges";
export * from "./content";
export * from "./money";
export * from "./settings";
export * from "./users";
export * from "./views";
