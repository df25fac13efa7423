import { Box, Card, Group, Image, Text } from '@mantine/core';
import { sizedImage } from '@tryon/contract';
import { type ReactNode, useState } from 'react';

const square = (image: string | null) => sizedImage(image, 'square');

/**
 * A square render with its source on hover, or on tap on touch devices (spec §2): the garment for a try-on,
 * the face for a look.
 */
export function RenderCard({
  image,
  sourceImage,
  alt,
  sourceAlt,
  caption,
  menu,
  testId,
}: {
  image: string | null;
  sourceImage: string | null;
  alt: string;
  sourceAlt: string;
  caption: string;
  menu: ReactNode;
  testId: string;
}) {
  const [showSource, setShowSource] = useState(false);
  const swap = showSource && sourceImage;
  return (
    <Card withBorder padding="xs" radius="md" data-testid={testId}>
      <Card.Section>
        <Box
          style={{ aspectRatio: '1', background: 'var(--mantine-color-gray-1)' }}
          onPointerEnter={(event) => event.pointerType === 'mouse' && setShowSource(true)}
          onPointerLeave={(event) => event.pointerType === 'mouse' && setShowSource(false)}
          onPointerUp={(event) => event.pointerType !== 'mouse' && setShowSource((s) => !s)}
        >
          <Image
            src={square(swap ? sourceImage : image)}
            alt={swap ? sourceAlt : alt}
            loading="lazy"
            w="100%"
            h="100%"
            fit="cover"
            fallbackSrc="/favicon.svg"
          />
        </Box>
      </Card.Section>
      <Group justify="space-between" wrap="nowrap" mt={6} gap={4}>
        <Text size="xs" c="dimmed" truncate>
          {caption}
        </Text>
        {menu}
      </Group>
    </Card>
  );
}
