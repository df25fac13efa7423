/** Width and height of the generated sample: above the garment minimum of 384 px (spec §9). */
const SIZE = 800;

/**
 * A flat-lay T-shirt drawn on a canvas: the sample garment a new shop adds with one click. It is generated in
 * the browser, so no photo ships with the product, and it goes through the ordinary upload.
 */
export async function sampleGarmentFile(name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('No canvas');
  g.fillStyle = '#f3f1ec';
  g.fillRect(0, 0, SIZE, SIZE);
  // The shirt: body, sleeves and a round neck, as a garment laid flat and photographed from above.
  g.beginPath();
  g.moveTo(300, 140);
  g.quadraticCurveTo(400, 215, 500, 140);
  g.lineTo(640, 190);
  g.lineTo(730, 330);
  g.lineTo(620, 385);
  g.lineTo(585, 330);
  g.lineTo(590, 680);
  g.quadraticCurveTo(400, 700, 210, 680);
  g.lineTo(215, 330);
  g.lineTo(180, 385);
  g.lineTo(70, 330);
  g.lineTo(160, 190);
  g.closePath();
  const cloth = g.createLinearGradient(0, 140, 0, 700);
  cloth.addColorStop(0, '#2f6fb3');
  cloth.addColorStop(1, '#245a93');
  g.fillStyle = cloth;
  g.shadowColor = 'rgba(0,0,0,0.25)';
  g.shadowBlur = 24;
  g.shadowOffsetY = 8;
  g.fill();
  g.shadowColor = 'transparent';
  // Collar rib and sleeve hems.
  g.strokeStyle = '#1d4a7a';
  g.lineWidth = 14;
  g.beginPath();
  g.moveTo(306, 146);
  g.quadraticCurveTo(400, 225, 494, 146);
  g.stroke();
  g.lineWidth = 6;
  g.beginPath();
  g.moveTo(78, 322);
  g.lineTo(186, 376);
  g.moveTo(722, 322);
  g.lineTo(614, 376);
  g.stroke();
  // A simple chest print, so the garment is recognisable on a try-on.
  g.fillStyle = '#f7c948';
  g.beginPath();
  g.arc(400, 380, 60, 0, Math.PI * 2);
  g.fill();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The sample image could not be made');
  return new File([blob], `${name.replace(/[^\w-]+/g, '-').toLowerCase() || 'sample'}.png`, {
    type: 'image/png',
  });
}
