import { useEffect, useId, useRef, useState } from "react";
import { adSettingChange, feedUrlProblem } from "../../../common/schemas/admin-ad-settings";
import { type AdSettingChange, type AdSettings, changeAdSetting, getAdSettings } from "../../lib/admin-api";
import { ApiError, describeFailure, inWords } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { card } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { AdHostsCard } from "./ad-hosts-card";
import { EarningRulesCard } from "./earning-rules-card";
import { PrerollWindowCard } from "./preroll-window-card";
import { useAdminQuery } from "../../queries/admin";

type Key = AdSettingChange["key"];

/** The address saves by itself once typing has paused this long (docs/product-spec.md §2: each change saves at once). */
export const URL_SAVE_DELAY_MS = 800;
const noSettings: AdSettings = { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" };

/** The schema's refusals of an address (common/schemas/admin-ad-settings.ts), as the admin reads them. */
const URL_WORDS: Readonly<Record<string, string>> = {
  "must be an http(s) url":
    "Enter a web address starting with http:// or https://, or a path on this site such as /ads/sample-vast.xml",
  "must be at most 2048 characters": "The address is too long: at most 2,048 characters",
  "must not hold a user name or password": "Enter the address without a user name or password",
  "must not be one of our /api/ addresses": "An ad feed cannot be one of Reelpay's own /api/ addresses",
};
const urlInWords = (message: string) => URL_WORDS[inWords(message).toLowerCase()] ?? inWords(message);

/** What the server would refuse in this address, in words; null when it would take it. */
function urlProblem(value: string): string | null {
  const parsed = adSettingChange.safeParse({ key: "vast_url", value });
  if (!parsed.success) return urlInWords(parsed.error.issues[0]?.message ?? "");
  // A full address of this site's own API, as the server refuses it (docs/decisions/108).
  const ownApi = feedUrlProblem(value.trim(), window.location.origin);
  return ownApi ? urlInWords(ownApi) : null;
}

/**
 * Ad Settings tab ('VAST Ad Configuration', docs/product-spec.md §2), then the Earning Rules: every change is saved at once,
 * the address once typing pauses (or on leaving the field, or Enter).
 */
export function AdSettingsTab() {
  const { data, firstLoad } = useAdminQuery(
    queryKeys.admin.list("ad-settings"),
    getAdSettings,
    "Failed to load ad settings",
  );
  // The card loads its own rules meanwhile, rather than after the ad settings.
  return (
    <div className="space-y-6">
      {firstLoad ? <PageSpinner /> : <AdSettingsForm initial={data ?? noSettings} />}
      {firstLoad ? null : <AdHostsCard initial={data?.ad_hosts ?? ""} />}
      {firstLoad ? null : <PrerollWindowCard initial={data?.preroll_skip_minutes ?? "30"} />}
      <EarningRulesCard />
    </div>
  );
}

function AdSettingsForm({ initial }: { initial: AdSettings }) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const ids = { url: useId(), error: useId() };
  // The address last sent, so Enter followed by leaving the field saves once; after a failed save it is
  // the stored one again, so putting that back sends nothing.
  const sentUrl = useRef(initial.vast_url);
  const storedUrl = useRef(initial.vast_url);
  // The typed address waiting for its pause; leaving the field or Enter sends it sooner.
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; text: string } | null>(null);

  async function save(change: AdSettingChange) {
    setSaving((n) => n + 1);
    setErrors((e) => ({ ...e, [change.key]: undefined }));
    try {
      await changeAdSetting(change);
      if (change.key === "vast_url") storedUrl.current = change.value;
    } catch (error) {
      // A refused value (400) is the admin's to fix, so it shows by the field; anything else is logged (docs/product-spec.md §8).
      if (error instanceof ApiError && error.status === 400) {
        setErrors((e) => ({
          ...e,
          [change.key]: change.key === "vast_url" ? urlInWords(error.message) : error.message,
        }));
      } else console.error(describeFailure("Failed to update ad settings", error));
      // A switch that did not save flips back; typed text stays to be corrected.
      if (change.key !== "vast_url")
        setValues((v) => ({ ...v, [change.key]: change.value === "true" ? "false" : "true" }));
      else sentUrl.current = storedUrl.current;
    } finally {
      setSaving((n) => n - 1);
    }
  }

  const toggle = (key: "preroll_enabled" | "postroll_enabled", checked: boolean) => {
    const value = checked ? "true" : "false";
    setValues((v) => ({ ...v, [key]: value }));
    void save({ key, value });
  };
  const sendUrl = (text: string) => {
    const value = text.trim();
    if (value === sentUrl.current) {
      // Putting the stored address back after a refusal: nothing to send, nothing wrong any more.
      if (value === storedUrl.current) setErrors((e) => ({ ...e, vast_url: undefined }));
      return;
    }
    // An address the server would refuse is not sent: the field says why (docs/decisions/038).
    const problem = urlProblem(value);
    if (problem) return setErrors((e) => ({ ...e, vast_url: problem }));
    sentUrl.current = value;
    void save({ key: "vast_url", value });
  };
  const cancelPendingUrl = () => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  };
  const typeUrl = (text: string) => {
    setValues((v) => ({ ...v, vast_url: text }));
    cancelPendingUrl();
    // The field is not tidied here: the admin may be typing on after the pause.
    pending.current = {
      text,
      timer: setTimeout(() => {
        pending.current = null;
        sendUrl(text);
      }, URL_SAVE_DELAY_MS),
    };
  };
  // Leaving the field or Enter: save now (once: what the pause already sent is not sent again), tidied.
  const saveUrl = () => {
    cancelPendingUrl();
    const value = values.vast_url.trim();
    if (value !== values.vast_url) setValues((v) => ({ ...v, vast_url: value }));
    sendUrl(value);
  };
  // Leaving the tab mid-pause still saves what was typed.
  useEffect(
    () => () => {
      const waiting = pending.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      pending.current = null;
      sendUrl(waiting.text);
      // Once, on unmount: sendUrl reads only refs and state setters, so the first render's copy will do.
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [],
  );

  const flags: [Key & `${string}_enabled`, string, string][] = [
    ["preroll_enabled", "Pre-roll Ads", "Play an ad before the content starts."],
    ["postroll_enabled", "Post-roll Ads", "Play an ad after the content ends."],
  ];

  return (
    <section aria-labelledby={`${ids.url}-title`} className={`${card} max-w-2xl space-y-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids.url}-title`} className="text-lg font-semibold">
          VAST Ad Configuration
        </h2>
        <p role="status" className="text-sm text-violet-300">
          {saving > 0 ? "Saving changes..." : ""}
        </p>
      </div>
      {flags.map(([key, label, hint]) => (
        <div key={key}>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              checked={values[key] === "true"}
              onChange={(event) => toggle(key, event.currentTarget.checked)}
              className="mt-1 size-4 accent-violet-500"
            />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-sm text-slate-400">{hint}</span>
            </span>
          </label>
          {errors[key] ? <p className="mt-1 text-sm text-red-400">{errors[key]}</p> : null}
        </div>
      ))}
      <form
        noValidate
        className="space-y-1"
        onSubmit={(event) => {
          event.preventDefault();
          saveUrl();
        }}
      >
        <label htmlFor={ids.url} className={labelClass}>
          VAST Ad Server URL
        </label>
        <input
          id={ids.url}
          type="text"
          inputMode="url"
          value={values.vast_url}
          placeholder="https://ads.example.com/vast.xml"
          aria-invalid={errors.vast_url ? true : undefined}
          aria-describedby={errors.vast_url ? ids.error : `${ids.error}-hint`}
          onChange={(event) => typeUrl(event.currentTarget.value)}
          onBlur={saveUrl}
          className={fieldClass}
        />
        {errors.vast_url ? (
          <p id={ids.error} className="text-sm break-words text-red-400">
            {errors.vast_url}
          </p>
        ) : (
          <p id={`${ids.error}-hint`} className="text-sm text-slate-400">
            An http(s) URL or a path on this site (such as /ads/sample-vast.xml); empty turns ads off. Saved as soon as
            you stop typing.
          </p>
        )}
      </form>
    </section>
  );
}
