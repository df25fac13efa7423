interface PolicyDocument {
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

/**
 * Whether this page may ask for the camera: a secure page (otherwise the browser has no `mediaDevices`) in a
 * frame the shop allowed to use it (`allow="camera"`). Without that allowance every request is refused, and
 * the shopper would be told to allow the camera in a browser setting that cannot help; so the page offers the
 * upload alone. Browsers that do not say (no `featurePolicy`: Firefox, Safari) get the button, and a refusal
 * is explained when it comes.
 */
export function cameraSupported(doc: Document = document, nav: Navigator = navigator): boolean {
  if (typeof nav?.mediaDevices?.getUserMedia !== 'function') return false;
  const policy = (doc as Document & PolicyDocument).featurePolicy;
  return policy ? policy.allowsFeature('camera') : true;
}
