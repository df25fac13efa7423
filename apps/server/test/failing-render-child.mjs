// A stand-in for the isolated render's child (isolated-engine-child.mjs), for its parent's tests: the try-on's
// garment category says how it behaves. `crash`: killed by a segmentation fault, as a native crash would be;
// `exit`: exits with code 3 without an answer; `hang`: never answers; `refuse`: answers NO_PERSON.
process.on('disconnect', () => process.exit(1));
process.once('message', (request) => {
  const how = request.job.input.garmentCategory;
  if (how === 'crash') process.kill(process.pid, 'SIGSEGV');
  else if (how === 'exit') process.exit(3);
  else if (how === 'refuse') {
    process.send(
      { type: 'error', error: { code: 'NO_PERSON', message: 'No person in the photo.', retryable: false } },
      () => process.exit(0),
    );
  }
});
