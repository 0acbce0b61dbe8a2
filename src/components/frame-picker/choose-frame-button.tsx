import { useState } from "react";
import { FramePickerDialog } from "./frame-picker-dialog";

type ChooseFrameButtonProps = {
  source: File | string;
  onChosen: (frame: Blob) => void;
  className: string;
  /** The accessible name when the visible "Choose a frame" is not enough (several items on one page). */
  label?: string;
  disabled?: boolean;
};

/** "Choose a frame", opening the frame picker over the page (docs/decisions/050). */
export function ChooseFrameButton({ source, onChosen, className, label, disabled }: ChooseFrameButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        Choose a frame
      </button>
      {open ? <FramePickerDialog source={source} onChosen={onChosen} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
