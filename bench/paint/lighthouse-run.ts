// One Lighthouse run: a fresh headless system Chromium (cold cache, as a first visit), mobile defaults
// (Moto G Power screen, simulated slow 4G, 4× CPU slowdown), performance category only.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export type PaintSample = {
  performance: number;
  lcp_ms: number;
  fcp_ms: number;
  speed_index_ms: number;
  tbt_ms: number;
  cls: number;
  /** Bytes on the wire (compressed) and decoded, for scripts and style sheets the page loaded. */
  js_transfer: number;
  js_resource: number;
  css_transfer: number;
  css_resource: number;
  lcp_element: string;
};

type NetworkItem = { resourceType?: string; transferSize?: number; resourceSize?: number };

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function lighthouseOnce(url: string): Promise<PaintSample> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-dev-shm-usage",
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const items = (audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const sum = (type: string, field: "transferSize" | "resourceSize") =>
      items.filter((i) => i.resourceType === type).reduce((s, i) => s + (i[field] ?? 0), 0);
    const lcpItems = (
      audits["largest-contentful-paint-element"]?.details as
        { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined
    )?.items;
    const node = lcpItems?.[0]?.items?.[0]?.node;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      lcp_ms: audits["largest-contentful-paint"]?.numericValue ?? NaN,
      fcp_ms: audits["first-contentful-paint"]?.numericValue ?? NaN,
      speed_index_ms: audits["speed-index"]?.numericValue ?? NaN,
      tbt_ms: audits["total-blocking-time"]?.numericValue ?? NaN,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      js_transfer: sum("Script", "transferSize"),
      js_resource: sum("Script", "resourceSize"),
      css_transfer: sum("Stylesheet", "transferSize"),
      css_resource: sum("Stylesheet", "resourceSize"),
      lcp_element: node ? `${node.nodeLabel ?? ""} (${node.selector ?? ""})`.slice(0, 120) : "",
    };
  } finally {
    chrome.kill();
  }
}
