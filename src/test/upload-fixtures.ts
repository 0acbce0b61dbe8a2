// POST /api/uploads/sign as the upload tests answer it.

/** The file name the sign request asks about. */
export const filenameOf = (init?: RequestInit) => (JSON.parse(String(init?.body)) as { filename: string }).filename;

/** Answers a sign request with a one-PUT plan for the file asked about, stored under `prefix/`. */
export const signUpload =
  (prefix = "k") =>
  (init?: RequestInit) => {
    const filename = filenameOf(init);
    return { body: { key: `${prefix}/${filename}`, uploadUrl: `/put/${filename}`, multipart: null } };
  };
