import { modelKind } from '../catalog-kinds.ts';
import { CatalogScreen } from './catalog-screen.tsx';

export function ModelsScreen() {
  return <CatalogScreen kind={modelKind} />;
}
