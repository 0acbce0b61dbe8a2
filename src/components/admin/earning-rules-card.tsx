import { useId, useRef, useState } from "react";
import { changeEarningRule, getAdminEarningRules } from "../../lib/admin-api";
import { ApiError, describeFailure } from "../../lib/api";
import type { EarningRuleKey } from "../../../common/earning-policy";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import { queryKeys } from "../../lib/query-keys";
import { buttonClass, card } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { readRule, type RuleField, ruleFields } from "./earning-rule-fields";
import { useAdminQuery } from "../../queries/admin";

type Texts = Record<EarningRuleKey, string>;
type Problems = Partial<Record<EarningRuleKey, string>>;

const textsOf = (rules: EarningRulesJson): Texts => ({
  min_earning_seconds: String(rules.min_earning_seconds),
  daily_earnable_views: String(rules.daily_earnable_views),
  earnings_hold_days: String(rules.earnings_hold_days),
});

/**
 * Earning Rules (in the Ad Settings tab): the admin-tunable limits of a paid view, each saved on its own. The form
 * shows only once the stored rules have loaded, so a field never starts from a value the server does not hold.
 */
export function EarningRulesCard() {
  const { data, firstLoad, reload } = useAdminQuery(
    queryKeys.admin.list("earning-rules"),
    getAdminEarningRules,
    "Failed to load earning rules",
  );
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${card} max-w-2xl space-y-6`}>
      {data ? (
        <EarningRulesForm headingId={headingId} initial={data} />
      ) : (
        <>
          <h2 id={headingId} className="text-lg font-semibold">
            Earning Rules
          </h2>
          {firstLoad ? (
            <p role="status" className="text-sm text-slate-400">
              Loading earning rules…
            </p>
          ) : (
            // The failure is logged (docs/product-spec.md §8); no form of guessed values stands in for the rules.
            <div role="alert" className="space-y-3">
              <p className="text-sm text-slate-300">The earning rules could not be loaded.</p>
              <button type="button" className={buttonClass("secondary")} onClick={reload}>
                Try again
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function EarningRulesForm({ headingId, initial }: { headingId: string; initial: EarningRulesJson }) {
  const [texts, setTexts] = useState(() => textsOf(initial));
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(0);
  // What the server holds, so committing an unchanged value (or Enter then leaving the field) sends nothing.
  const stored = useRef(textsOf(initial));

  const setProblem = (key: EarningRuleKey, problem: string | undefined) =>
    setProblems((p) => ({ ...p, [key]: problem }));

  async function save(key: EarningRuleKey, value: number) {
    const sent = String(value);
    const previous = stored.current[key];
    stored.current[key] = sent;
    // Another save of the same field may have started meanwhile: only the latest one's outcome counts.
    const latest = () => stored.current[key] === sent;
    setSaving((n) => n + 1);
    try {
      const rules = await changeEarningRule({ key, value });
      if (latest()) stored.current[key] = String(rules[key]);
    } catch (error) {
      if (latest()) stored.current[key] = previous;
      // A refused value (400) is the admin's to fix, so it stays with the reason by the field; anything
      // else is logged (docs/product-spec.md §8) and the field shows what is stored again, as an unsaved switch flips back.
      if (error instanceof ApiError && error.status === 400) {
        setProblem(key, error.message);
      } else {
        console.error(describeFailure("Failed to update earning rules", error));
        setTexts((t) => (t[key] === sent ? { ...t, [key]: previous } : t));
      }
    } finally {
      setSaving((n) => n - 1);
    }
  }

  const commit = (field: RuleField) => {
    const read = readRule(texts[field.key], field);
    if ("problem" in read) return setProblem(field.key, read.problem);
    const text = String(read.value);
    setTexts((t) => ({ ...t, [field.key]: text }));
    setProblem(field.key, undefined);
    if (text !== stored.current[field.key]) void save(field.key, read.value);
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          Earning Rules
        </h2>
        <p role="status" className="text-sm text-violet-300">
          {saving > 0 ? "Saving changes..." : ""}
        </p>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        {ruleFields.map((field) => (
          <RuleInput
            key={field.key}
            field={field}
            text={texts[field.key]}
            problem={problems[field.key]}
            onChange={(text) => setTexts((t) => ({ ...t, [field.key]: text }))}
            onCommit={() => commit(field)}
          />
        ))}
      </div>
      <p className="text-sm text-slate-400">
        Saved when you leave a field or press Enter; applies to views from then on.
      </p>
    </>
  );
}

type RuleInputProps = {
  field: RuleField;
  text: string;
  problem: string | undefined;
  onChange: (text: string) => void;
  onCommit: () => void;
};

function RuleInput({ field, text, problem, onChange, onCommit }: RuleInputProps) {
  const id = useId();
  return (
    <form
      noValidate
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        onCommit();
      }}
    >
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={field.min}
        max={field.max}
        step={1}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onCommit}
        className={`${fieldClass} tabular-nums`}
      />
      {problem ? (
        <p id={`${id}-note`} className="text-sm text-red-400">
          {problem}
        </p>
      ) : (
        <p id={`${id}-note`} className="text-sm text-slate-400">
          {field.hint}
        </p>
      )}
    </form>
  );
}
