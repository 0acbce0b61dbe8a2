// The response types moved to common/api-types.ts (docs/decisions/024). This re-export stays only because
// e2e/challenges.spec.ts still imports this path and that folder is changed on another branch; delete it
// once that import reads "../common/api-types.ts".
export type * from "../common/api-types";
