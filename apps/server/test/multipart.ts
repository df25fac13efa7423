/** A multipart body with several file parts. */
export function files(parts: Record<string, Buffer>) {
  const boundary = `----simple${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, bytes] of Object.entries(parts)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
