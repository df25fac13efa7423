import { Accordion, Code } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The two simple-endpoint examples, with this server's origin and the shop's private key. */
export const curlTryon = (origin: string, key: string) =>
  `curl -X POST "${origin}/v1/tryon/simple" -H "tokenapi: ${key}" -F person_file=@person.jpg -F garment_file=@garment.jpg -o tryon.jpg`;
export const curlLook = (origin: string, key: string) =>
  `curl -X POST "${origin}/v1/look/simple" -H "tokenapi: ${key}" -F face_file=@face.jpg -F model_file=@model.jpg -o look.jpg`;

export function CurlExamples({ privateKey }: { privateKey: string }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  return (
    <Accordion variant="separated" multiple mt="md">
      <Accordion.Item value="tryon">
        <Accordion.Control>{t('keys.curlTryon')}</Accordion.Control>
        <Accordion.Panel>
          <Code block data-testid="curl-tryon" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {curlTryon(origin, privateKey)}
          </Code>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="look">
        <Accordion.Control>{t('keys.curlLook')}</Accordion.Control>
        <Accordion.Panel>
          <Code block data-testid="curl-look" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {curlLook(origin, privateKey)}
          </Code>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
