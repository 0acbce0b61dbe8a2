import { ComingSoon } from "../components/coming-soon";

function UploadPage() {
  return (
    <ComingSoon
      title="Upload"
      what="upload a video or audio track with its title, description, tags and thumbnail"
    />
  );
}

export { UploadPage as Component };
