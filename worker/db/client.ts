import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

// A request's D1 session (read replicas) offers the same prepare/batch as the binding; drizzle and the raw
// statements use nothing else, so the session stands in for the database.
export const createDb = (d1: D1Database | D1DatabaseSession) => drizzle(d1 as D1Database, { schema });
export type Db = ReturnType<typeof createDb>;
