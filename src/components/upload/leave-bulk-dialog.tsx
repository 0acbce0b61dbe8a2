import { Modal } from "../modal";
import { buttonClass } from "../ui";

type LeaveBulkDialogProps = {
  /** Rows not uploaded yet (pending, or the one uploading). */
  count: number;
  uploading: boolean;
  onStay: () => void;
  onLeave: () => void;
};

/** Asked before leaving bulk upload with files not uploaded yet; staying is the safe default. */
export function LeaveBulkDialog({ count, uploading, onStay, onLeave }: LeaveBulkDialogProps) {
  const files = count === 1 ? "1 file has" : `${count} files have`;
  return (
    <Modal title="Leave bulk upload?" onClose={onStay} size="md">
      <p className="text-slate-300">
        {files} not been uploaded yet.{" "}
        {uploading
          ? "Leaving now stops the upload under way."
          : `If you leave now, ${count === 1 ? "it" : "they"} will not be uploaded.`}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass("secondary")} onClick={onLeave}>
          Leave
        </button>
        <button type="button" className={buttonClass("primary")} onClick={onStay} data-autofocus>
          Stay
        </button>
      </div>
    </Modal>
  );
}
