import { Badge, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A state in a table (an import running, a delivery pending): a filled badge whose text is never cut off (a
 * badge shrinks with a narrow column otherwise, "W to…" for "W toku") and is black or white, whichever reads
 * on the colour (white on orange is 3.9:1).
 */
export function StatusBadge({
  color,
  children,
  mt,
}: {
  color: string;
  children: ReactNode;
  mt?: MantineSpacing;
}) {
  return (
    <Badge color={color} variant="filled" tt="none" autoContrast miw="max-content" mt={mt}>
      {children}
    </Badge>
  );
}
