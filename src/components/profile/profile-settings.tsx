import type { UsernameChangeBody, CurrentUserJson } from "../../../common/schemas/users";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../lib/api";
import { useAuth } from "../../stores/auth";
import { buttonClass, card } from "../ui";
import { inputClass, labelClass } from "../upload/form-styles";
import { USERNAME_MAX, normalizeUsername, usernameError } from "../../../common/username";

type Outcome = { ok: boolean; message: string } | null;

/** Email (read-only) and the editable username (docs/product-spec.md §2 "Profile Settings", §8 "Username update"). */
export function ProfileSettings({ user }: { user: CurrentUserJson }) {
  const id = useId();
  const navigate = useNavigate();
  const [username, setUsername] = useState(user.username ?? "");
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const unchanged = normalizeUsername(username) === (user.username ?? "");

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || unchanged) return;
    const problem = usernameError(username);
    if (problem) return setOutcome({ ok: false, message: problem });
    setSaving(true);
    setOutcome(null);
    try {
      const updated = await api.PATCH("/api/users/me/username", {
        body: { username: normalizeUsername(username) } satisfies UsernameChangeBody,
      });
      // The header shows the username, so the signed-in user is replaced with the server's answer.
      useAuth.setState({ user: updated });
      setUsername(updated.username ?? "");
      setOutcome({ ok: true, message: "Username updated successfully!" });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.body?.error
            ? error.message
            : "Failed to update username"
          : "Network error occurred";
      setOutcome({ ok: false, message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void save(event)}
      className={`${card} max-w-xl space-y-5`}
      aria-label="Profile settings"
      noValidate
    >
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          Email
        </label>
        <input id={`${id}-email`} className={inputClass} value={user.email} readOnly />
      </div>
      <div>
        <label htmlFor={`${id}-username`} className={labelClass}>
          Username
        </label>
        <input
          id={`${id}-username`}
          className={inputClass}
          value={username}
          // At most 20 letters as the member sees them (docs/decisions/103): the attribute maxLength counts UTF-16
          // units, which cuts a decomposed "é" or a letter outside the basic plane short, so the cap is on NFC code points.
          onChange={(e) => setUsername([...e.target.value.normalize("NFC")].slice(0, USERNAME_MAX).join(""))}
          aria-describedby={`${id}-username-hint`}
          aria-invalid={outcome?.ok === false || undefined}
          autoComplete="username"
        />
        <p id={`${id}-username-hint`} className="mt-1 text-xs text-slate-400">
          3 to 20 letters (of any alphabet), numbers or underscores. Shown on your creator page and in the header.
        </p>
      </div>
      {outcome ? (
        <p
          role={outcome.ok ? "status" : "alert"}
          className={`text-sm ${outcome.ok ? "text-emerald-400" : "text-red-400"}`}
        >
          {outcome.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={saving || unchanged} aria-busy={saving}>
          Save Changes
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={() => void navigate("/")}>
          Cancel
        </button>
      </div>
    </form>
  );
}
