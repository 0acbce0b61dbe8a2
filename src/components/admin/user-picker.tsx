import { type KeyboardEvent, useId, useState } from "react";
import { getAdminUsers } from "../../lib/admin-api";
import type { AdminUserJson } from "../../../common/schemas/admin-users";
import { queryKeys } from "../../lib/query-keys";
import { fieldClass, labelClass } from "./admin-ui";
import { useAdminQuery } from "../../queries/admin";

export type PickedUser = Pick<AdminUserJson, "id" | "email" | "username">;

const MAX_OPTIONS = 8;

type UserPickerProps = { value: PickedUser | null; onChange: (user: PickedUser | null) => void; autoFocus?: boolean };

/**
 * A searchable user picker (an ARIA combobox): type part of an email or username, pick with the mouse or
 * with the arrow keys and Enter. Typing again clears the choice until a user is picked. The list opens on a
 * click, typing or an arrow key, never by itself; Escape closes the list, then the dialog.
 */
export function UserPicker({ value, onChange, autoFocus }: UserPickerProps) {
  const { data: users, firstLoad } = useAdminQuery(
    queryKeys.admin.list("users"),
    getAdminUsers,
    "Failed to load users",
  );
  const [query, setQuery] = useState(value?.email ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const needle = query.trim().toLowerCase();
  const matches = (users ?? [])
    .filter((u) => u.email.toLowerCase().includes(needle) || (u.username ?? "").toLowerCase().includes(needle))
    .slice(0, MAX_OPTIONS);
  const expanded = open && !firstLoad;

  const choose = (user: AdminUserJson) => {
    onChange({ id: user.id, email: user.email, username: user.username });
    setQuery(user.email);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive(open ? (active + step + matches.length) % Math.max(1, matches.length) : 0);
      setOpen(true);
    } else if (event.key === "Enter" && expanded && matches[active]) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === "Escape" && expanded) {
      // An open list closes first, without the dialog around it; with the list closed, Escape reaches the
      // dialog and closes it.
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative space-y-1">
      <label htmlFor={id} className={labelClass}>
        User
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Search by email or username"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && matches[active] ? `${id}-${matches[active].id}` : undefined}
        data-autofocus={autoFocus ? true : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
          setOpen(true);
          if (value) onChange(null);
        }}
        // Not on focus: the dialog focuses this field when it opens, and a list opening by itself would
        // cover the Amount field (docs/decisions/038). A click, typing or an arrow key opens it.
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={fieldClass}
      />
      {expanded ? (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label="Users"
          className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-700 bg-slate-900 py-1 shadow-xl"
        >
          {matches.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-400">No users match “{query}”</li>
          ) : (
            matches.map((user, index) => (
              <li
                key={user.id}
                id={`${id}-${user.id}`}
                role="option"
                aria-selected={index === active}
                // Keep focus in the field so the list does not close before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(user)}
                className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-violet-600/30" : "hover:bg-slate-800"}`}
              >
                <span className="block text-slate-100">{user.email}</span>
                <span className="block text-xs text-slate-400">
                  {user.username ? `@${user.username}` : "No username"}
                </span>
              </li>
            ))
          )}
        </ul>
      ) : null}
      {value ? <p className="text-sm text-emerald-300">Selected: {value.email}</p> : null}
    </div>
  );
}
