import { Link } from "react-router";
import { SuspendedNotice } from "../components/suspended-notice";
import { SingleUploadForm } from "../components/upload/single-upload-form";
import { useAuth } from "../stores/auth";

function UploadPage() {
  // The server refuses a suspended member's uploads, so the form is not offered to them.
  const suspended = useAuth((s) => s.user?.suspended ?? false);
  if (suspended) {
    return (
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-2xl font-semibold">Upload Content</h1>
        <SuspendedNotice />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">Upload Content</h1>
          <p className="mt-1 text-slate-400">Share a video (MP4) or an audio track (MP3) and earn when people watch.</p>
        </div>
        <Link
          to="/upload/bulk"
          className="rounded text-sm text-violet-300 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          Uploading many files? Use bulk upload
        </Link>
      </div>
      <SingleUploadForm />
    </div>
  );
}

export { UploadPage as Component };
