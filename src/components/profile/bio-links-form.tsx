import { useId, useState, type FormEvent } from "react";
import { BIO_MAX, bioError, cleanBio, cleanLinks, LINK_MAX, LINKS_MAX, linksError } from "../../../common/profile";
import type { CreatorProfileJson } from "../../../common/schemas/users";
import { refusalOf } from "../../lib/api";
import { saveProfile } from "../../lib/profile-api";
import { buttonClass } from "../ui";
import { inputClass, labelClass } from "../upload/form-styles";

type Outcome = { ok: boolean; message: string } | null;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Bio and links (docs/decisions/091), checked as the server checks them, saved together with 'Save profile'. */
export function BioLinksForm({
  profile,
  onSaved,
}: {
  profile: CreatorProfileJson;
  onSaved: (p: CreatorProfileJson) => void;
}) {
  const id = useId();
  const [bio, setBio] = useState(profile.bio ?? "");
  const saved = profile.links.map((l) => l.url);
  const [links, setLinks] = useState<string[]>(saved.length ? saved : [""]);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const linksProblem = linksError(links);
  const problem = bioError(bio) ?? linksProblem;
  // cleanLinks needs valid links; invalid ones are a change (Save then says what is wrong).
  const unchanged =
    cleanBio(bio) === (profile.bio ?? "") && linksProblem === null && sameList(cleanLinks(links), saved);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || unchanged) return;
    if (problem) return setOutcome({ ok: false, message: problem });
    setSaving(true);
    setOutcome(null);
    try {
      const updated = await saveProfile({ bio, links: links.filter((l) => l.trim()) });
      onSaved(updated);
      setBio(updated.bio ?? "");
      setLinks(updated.links.length ? updated.links.map((l) => l.url) : [""]);
      setOutcome({ ok: true, message: "Profile saved." });
    } catch (error) {
      setOutcome({ ok: false, message: refusalOf(error) ?? "Could not save your profile. Please try again." });
    } finally {
      setSaving(false);
    }
  };

  const setLink = (index: number, value: string) => setLinks(links.map((l, i) => (i === index ? value : l)));
  const removeLink = (index: number) => {
    const rest = links.filter((_, i) => i !== index);
    setLinks(rest.length ? rest : [""]);
  };

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-5" aria-label="Bio and links" noValidate>
      <div>
        <label htmlFor={`${id}-bio`} className={labelClass}>
          Bio
        </label>
        <textarea
          id={`${id}-bio`}
          className={`${inputClass} min-h-32 wrap-anywhere`}
          value={bio}
          maxLength={BIO_MAX}
          rows={5}
          onChange={(e) => setBio(e.target.value)}
          aria-describedby={`${id}-bio-hint`}
          aria-invalid={outcome?.ok === false && bioError(bio) ? true : undefined}
        />
        <p id={`${id}-bio-hint`} className="mt-1 flex justify-between gap-3 text-xs text-slate-400">
          <span>Plain text, shown as you type it. Web addresses in it are not links: add them below.</span>
          <span className="shrink-0 tabular-nums">
            {bio.length.toLocaleString("en-US")} / {BIO_MAX.toLocaleString("en-US")}
          </span>
        </p>
      </div>
      <fieldset className="space-y-2">
        <legend className={labelClass}>Links</legend>
        <p id={`${id}-links-hint`} className="text-xs text-slate-400">
          Up to {LINKS_MAX} web addresses starting with http:// or https://. Your page shows each by its site name.
        </p>
        {links.map((link, index) => (
          <div key={index} className="flex gap-2">
            <input
              type="url"
              inputMode="url"
              className={inputClass}
              value={link}
              maxLength={LINK_MAX}
              placeholder="https://"
              aria-label={`Link ${index + 1}`}
              aria-describedby={`${id}-links-hint`}
              onChange={(e) => setLink(index, e.target.value)}
            />
            <button
              type="button"
              className={buttonClass("ghost")}
              aria-label={`Remove link ${index + 1}`}
              onClick={() => removeLink(index)}
              disabled={links.length === 1 && !link}
            >
              Remove
            </button>
          </div>
        ))}
        {links.length < LINKS_MAX ? (
          <button type="button" className={buttonClass("secondary")} onClick={() => setLinks([...links, ""])}>
            Add link
          </button>
        ) : null}
      </fieldset>
      {outcome ? (
        <p
          role={outcome.ok ? "status" : "alert"}
          className={`text-sm ${outcome.ok ? "text-emerald-400" : "text-red-400"}`}
        >
          {outcome.message}
        </p>
      ) : null}
      <button type="submit" className={buttonClass("primary")} disabled={saving || unchanged} aria-busy={saving}>
        Save profile
      </button>
    </form>
  );
}
