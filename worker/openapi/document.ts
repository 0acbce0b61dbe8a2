import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";

/** Who may call a route: declared by the sub-app it is mounted in (docs/decisions/002). */
type Access = "public" | "signed-in" | "admin";

/** One access sub-app of the API and the prefix it is mounted at. */
export interface ApiSection {
  access: Access;
  prefix: string;
  /** Its guard also refuses suspended members (403, code "suspended": docs/decisions/027). */
  refusesSuspended?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- sections have different env and schema types
  app: Hono<any, any, any>;
}

type Operation = OpenAPIV3_1.OperationObject;

const SESSION_SCHEME = "session";

const ACCESS_WORDS: Record<Access, string> = {
  public: "Public: anyone may call it.",
  "signed-in": "Signed-in: needs a session cookie; answers 401 without one.",
  admin: "Admin: needs an administrator's session; answers 401 without a session and 403 to other members.",
};

/** `/api/admin/earnings/{id}` → `admin earnings`, `/api/content/{id}/stream` → `content`. */
function tagOf(path: string, access: Access) {
  const segments = path.replace(/^\/api\/(admin\/)?/, "").split("/");
  return access === "admin" ? `admin ${segments[0]}` : segments[0];
}

/**
 * Hono's `:id{pattern}` → `:id`. A pattern may hold braces (`{26}`) and slashes (`[^/]+`), which the generator
 * would otherwise split into path segments; its own `{id}` conversion then applies.
 */
function withoutPatterns(path: string) {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    if (path[i] !== "{" || !/:[A-Za-z_]\w*$/.test(out)) {
      out += path[i];
      continue;
    }
    let depth = 0;
    for (; i < path.length; i++) {
      if (path[i] === "{") depth++;
      else if (path[i] === "}" && --depth === 0) break;
    }
  }
  return out;
}

const SUSPENDED_WORDS = "Refused (403, code suspended) to a member whose account is suspended.";

function annotate(operation: Operation, path: string, section: ApiSection): Operation {
  const { access } = section;
  const description = [ACCESS_WORDS[access], section.refusesSuspended ? SUSPENDED_WORDS : "", operation.description]
    .filter(Boolean)
    .join("\n\n");
  const suspended = section.refusesSuspended ? { "403": errorRef("Your account is suspended.") } : {};
  // A route that names a resource by id answers 404 for one that does not exist (or is hidden from the caller).
  const missing = /\{[A-Za-z_]+\}/.test(path)
    ? { "404": errorRef("No such resource, or not one the caller may see.") }
    : {};
  return {
    ...operation,
    ...operationIdOf(operation, access),
    tags: [tagOf(path, access)],
    description,
    security: access === "public" ? [] : [{ [SESSION_SCHEME]: [] }],
    "x-access": access,
    responses: { ...missing, ...operation.responses, ...errorResponses(access), ...suspended },
  } as Operation;
}

/**
 * The generator names an operation from its method and path inside its section, so the member's and the
 * admin's `GET /earning-rules` would share `getEarningRules`: an admin operation's id is prefixed with `admin`.
 */
function operationIdOf(operation: Operation, access: Access): Partial<Operation> {
  const id = operation.operationId;
  if (!id || access !== "admin" || id.startsWith("admin")) return {};
  return { operationId: `admin${id.charAt(0).toUpperCase()}${id.slice(1)}` };
}

const errorRef = (description: string): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
});

function errorResponses(access: Access): Record<string, OpenAPIV3_1.ResponseObject> {
  if (access === "public") return {};
  const refused = { "401": errorRef("No session: sign in first.") };
  return access === "admin" ? { ...refused, "403": errorRef("Signed in, but not an administrator.") } : refused;
}

const API_ERROR_SCHEMA: OpenAPIV3_1.SchemaObject = {
  type: "object",
  required: ["error", "requestId"],
  properties: {
    error: { type: "string", description: "What went wrong, in words; a 400 names the field." },
    code: { type: "string", description: "A stable machine-readable code." },
    requestId: { type: "string", description: "The id to quote when reporting a problem." },
  },
};

/**
 * The OpenAPI document of every route of every section, generated from the routes themselves: paths and
 * methods from the registered handlers, bodies and queries from the zod schemas their validators check, and
 * access from the section the route is mounted in.
 */
export async function buildOpenApiDocument(sections: ApiSection[]): Promise<OpenAPIV3_1.Document> {
  const paths: OpenAPIV3_1.PathsObject = {};
  let schemas: Record<string, OpenAPIV3_1.SchemaObject> = { ApiError: API_ERROR_SCHEMA };
  for (const section of sections) {
    // The generator reads only `routes`; it gets them with their id patterns taken out (see withoutPatterns).
    const routes = section.app.routes.map((route) => ({ ...route, path: withoutPatterns(route.path) }));
    const spec = await generateSpecs({ routes } as Hono, { includeEmptyPaths: true, excludeStaticFile: false });
    schemas = { ...schemas, ...(spec.components.schemas as Record<string, OpenAPIV3_1.SchemaObject>) };
    for (const [relative, item] of Object.entries(spec.paths)) {
      const path = `${section.prefix}${relative === "/" ? "" : relative}`;
      const merged: Record<string, unknown> = { ...paths[path] };
      for (const [method, operation] of Object.entries(item ?? {})) {
        if (!operation || typeof operation !== "object") continue;
        merged[method] = annotate(operation as Operation, path, section);
      }
      paths[path] = merged as OpenAPIV3_1.PathItemObject;
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Reelpay API",
      version: "1.0.0",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      description:
        "Watch, upload and earn. Money is reported in USD numbers (kept as integer micro-dollars inside). " +
        "Every error has the shape { error, code?, requestId }. State-changing requests must come from the " +
        "site's own origin.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-rp_session",
          description: "Set by POST /api/sessions.",
        },
      },
    },
  };
}
