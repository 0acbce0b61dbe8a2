import { useId, useRef, useState } from "react";
import { changeAdSetting } from "../../lib/admin-api";
import { ApiError, describeFailure } from "../../lib/api";
import { card } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";

const asLines = (hosts: string) => hosts.split(/\s+/).filter(Boolean).join("\n");

/**
 * The ad hosts (docs/decisions/017): pages may load ad media, wrappers and tracking pixels only from the
 * feed's own host and these. Saved when the admin leaves the field, like the feed address.
 */
export function AdHostsCard({ initial }: { initial: string }) {
  const [text, setText] = useState(asLines(initial));
  const [status, setStatus] = useState<"" | "Saving changes..." | "Saved">("");
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(asLines(initial));
  const id = useId();

  const save = async () => {
    if (text.trim() === sent.current.trim()) return;
    sent.current = text;
    setStatus("Saving changes...");
    setError(null);
    try {
      const after = await changeAdSetting({ key: "ad_hosts", value: text });
      sent.current = asLines(after.ad_hosts ?? "");
      setText(sent.current);
      setStatus("Saved");
    } catch (failure) {
      setStatus("");
      // A refused host is the admin's to fix, so it shows by the field; anything else is logged (docs/product-spec.md §8).
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      else console.error(describeFailure("Failed to update ad hosts", failure));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} max-w-2xl space-y-2`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Ad Hosts
        </h2>
        <p role="status" className="text-sm text-violet-300">
          {status}
        </p>
      </div>
      <label htmlFor={id} className={labelClass}>
        Other hosts your ads come from
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        placeholder={"https://cdn.example.com\nhttps://*.pixels.example.com"}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => void save()}
        className={`${fieldClass} font-mono`}
      />
      <p id={`${id}-note`} className={`text-sm ${error ? "text-red-400" : "text-slate-400"}`}>
        {error ??
          "Pages may load ads only from this site, the ad server's own host and the https hosts listed here, one per line: where the feed's video files, wrapped feeds and tracking pixels live. Saved when you leave the field; pages follow within a minute."}
      </p>
    </section>
  );
}
