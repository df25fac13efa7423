import { garmentKind } from '../catalog-kinds.ts';
import { CatalogScreen } from './catalog-screen.tsx';

export function GarmentsScreen() {
  return <CatalogScreen kind={garmentKind} />;
}
