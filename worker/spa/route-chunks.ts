// The files a route's lazy module loads, read from the build's manifest (vite `build.manifest`), so a page can
// ask for them in its <head> (docs/decisions/044). Read once per isolate: the manifest changes only on deploy.

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

const manifests = new WeakMap<object, Promise<Manifest | null>>();

function readManifest(assets: Fetcher, origin: string): Promise<Manifest | null> {
  let read = manifests.get(assets);
  if (!read) {
    // No manifest (tests, `vite dev`) means nothing to preload, never a failed page.
    read = assets
      .fetch(new Request(`${origin}/build-manifest.json`))
      .then((r) => (r.ok && r.headers.get("content-type")?.includes("json") ? (r.json() as Promise<Manifest>) : null))
      .catch(() => null);
    manifests.set(assets, read);
  }
  return read;
}

function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** The route module's scripts (and style sheets) that the entry does not already load, as URLs. */
export async function routeFiles(
  assets: Fetcher,
  origin: string,
  routeModule: string,
): Promise<{ scripts: string[]; styles: string[] }> {
  const manifest = await readManifest(assets, origin);
  if (!manifest?.[routeModule]) return { scripts: [], styles: [] };
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const loadedByEntry = closure(manifest, entries);
  const route = [...closure(manifest, [routeModule])].filter((k) => !loadedByEntry.has(k));
  return {
    scripts: route.map((k) => `/${manifest[k]!.file}`),
    styles: route.flatMap((k) => manifest[k]!.css ?? []).map((f) => `/${f}`),
  };
}
