import { Accordion, Alert, Code, Group, Switch } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyAction } from '../../../components/copy-action.tsx';
import { maskKey } from './masked-key.tsx';

/** The two simple-endpoint examples, with this server's origin and the shop's private key. */
export const curlTryon = (origin: string, key: string) =>
  `curl -X POST "${origin}/v1/tryon/simple" -H "tokenapi: ${key}" -F person_file=@person.jpg -F garment_file=@garment.jpg -o tryon.jpg`;
export const curlLook = (origin: string, key: string) =>
  `curl -X POST "${origin}/v1/look/simple" -H "tokenapi: ${key}" -F face_file=@face.jpg -F model_file=@model.jpg -o look.jpg`;

/** One example: masked like the key table unless revealed; the copy button always copies the working command. */
function CurlExample({ which, command, shown }: { which: 'tryon' | 'look'; command: string; shown: string }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" wrap="nowrap" gap="xs">
      <Code
        block
        data-testid={`curl-${which}`}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', flex: 1 }}
      >
        {shown}
      </Code>
      <CopyAction value={command} label={t('keys.copyCommand')} />
    </Group>
  );
}

export function CurlExamples({ privateKey }: { privateKey: string }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const origin = window.location.origin;
  const shownKey = revealed ? privateKey : maskKey(privateKey);
  return (
    <>
      <Alert
        mt="md"
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        data-testid="curl-cost"
      >
        {t('keys.curlCost')}
      </Alert>
      <Switch
        mt="sm"
        label={t('keys.curlReveal')}
        checked={revealed}
        onChange={(event) => setRevealed(event.currentTarget.checked)}
      />
      <Accordion variant="separated" multiple mt="sm">
        <Accordion.Item value="tryon">
          <Accordion.Control>{t('keys.curlTryon')}</Accordion.Control>
          <Accordion.Panel>
            <CurlExample
              which="tryon"
              command={curlTryon(origin, privateKey)}
              shown={curlTryon(origin, shownKey)}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="look">
          <Accordion.Control>{t('keys.curlLook')}</Accordion.Control>
          <Accordion.Panel>
            <CurlExample
              which="look"
              command={curlLook(origin, privateKey)}
              shown={curlLook(origin, shownKey)}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </>
  );
}
