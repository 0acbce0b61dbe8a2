import { chromium } from "playwright";
const base = "http://localhost:5400";
const [email, ...jobs] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
async function signedContext(width, height) {
  const context = await browser.newContext({ viewport: { width, height } });
  if (email !== "-") {
    const r = await context.request.get(`${base}/api/oauth/google/redirect_url`);
    const { redirectUrl } = await r.json();
    const state = new URL(redirectUrl, base).searchParams.get("state");
    const s = await context.request.post(`${base}/api/sessions`, { data: { code: `dev:${email}`, state }, headers: { Origin: base } });
    if (!s.ok()) console.log("sign-in", s.status(), await s.text());
  }
  return context;
}
for (const job of jobs) {
  const [path, w, name, evalJs] = job.split("|");
  const width = Number(w);
  const context = await signedContext(width, width < 500 ? 844 : 800);
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.waitForTimeout(1500);
  if (evalJs) console.log(name, await page.evaluate(evalJs));
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  if (errors.length) console.log(name, "errors", errors);
  await context.close();
}
await browser.close();
