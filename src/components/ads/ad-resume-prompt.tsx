import type { ContentType } from "../../../common/schemas/content";
import { PlayIcon } from "../player/player-icons";
import { buttonClass } from "../ui";

type AdResumePromptProps = { contentType: ContentType; onResume: () => void };

/** Shown after the viewer clicked through to the advertiser: the ad waits, paused, for 'Resume'. */
export function AdResumePrompt({ contentType, onResume }: AdResumePromptProps) {
  const title = contentType === "audio" ? "Continue Listening?" : "Continue Watching?";
  return (
    <div
      role="dialog"
      aria-label={title}
      className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-slate-950/85 p-6 text-center"
    >
      <p className="text-xl font-semibold text-slate-100">{title}</p>
      <p className="text-sm text-slate-400">The advertiser's page opened in a new tab.</p>
      {/* The viewer comes back from another tab: the one thing to do here is ready for Enter. */}
      <button type="button" autoFocus className={buttonClass("primary", "lg")} onClick={onResume}>
        <PlayIcon />
        Resume
      </button>
    </div>
  );
}
