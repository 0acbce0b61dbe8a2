import { ComingSoon } from "../components/coming-soon";

function BulkUploadPage() {
  return <ComingSoon title="Bulk Upload" what="upload many videos and audio tracks at once" />;
}

export { BulkUploadPage as Component };
