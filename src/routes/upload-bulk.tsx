import { SuspendedNotice } from "../components/suspended-notice";
import { BulkUploadPanel } from "../components/upload/bulk-upload-panel";
import { useAuth } from "../stores/auth";

function BulkUploadPage() {
  // The server refuses a suspended member's uploads, so the panel is not offered to them.
  const suspended = useAuth((s) => s.user?.suspended ?? false);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Bulk Upload</h1>
        <p className="mt-1 text-slate-400">
          Add several MP4 videos and MP3 audio tracks, adjust their details, then upload them all in one go.
        </p>
      </div>
      {suspended ? <SuspendedNotice /> : <BulkUploadPanel />}
    </div>
  );
}

export { BulkUploadPage as Component };
