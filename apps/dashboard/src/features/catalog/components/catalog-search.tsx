import { Box, Button, CloseButton, Group, Paper, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { parseListQuery } from '@tryon/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterChips, matchSuggestions, type Suggestion, withFilter } from '../search-suggestions.ts';

/** Spec §4: suggestions show on focus and hide 200 ms after blur (so a click on one still lands). */
const HIDE_DELAY_MS = 200;

export interface CatalogSearchProps {
  value: string;
  suggestions: readonly Suggestion[];
  placeholder: string;
  /** Typing: the screen applies it after the search debounce. */
  onType: (value: string) => void;
  /** A chip, a suggestion or clearing: applied at once. */
  onApply: (value: string) => void;
}

export function CatalogSearch({ value, suggestions, placeholder, onType, onApply }: CatalogSearchProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const active = parseListQuery(value).filter;
  const labelled = suggestions.map((s) => ({ ...s, label: t(`catalog.suggestion.${s.key}`) }));
  const shown = matchSuggestions(labelled, value);

  return (
    <Box mb="md">
      <Box pos="relative">
        <TextInput
          type="search"
          aria-label={t('catalog.search')}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} />}
          rightSection={
            value ? <CloseButton aria-label={t('catalog.clearSearch')} onClick={() => onApply('')} /> : null
          }
          value={value}
          onChange={(event) => onType(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onApply(value);
            if (event.key === 'Escape') setOpen(false);
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current);
            setOpen(true);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), HIDE_DELAY_MS);
          }}
          size="md"
        />
        {open && shown.length > 0 && (
          <Paper
            withBorder
            shadow="md"
            pos="absolute"
            top="calc(100% + 4px)"
            left={0}
            right={0}
            p={4}
            style={{ zIndex: 20 }}
            role="group"
            aria-label={t('catalog.suggestions')}
            data-testid="search-suggestions"
          >
            {shown.map((s) => (
              <UnstyledButton
                key={s.key}
                display="block"
                w="100%"
                px="sm"
                py={6}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                className="suggestion"
                onClick={() => {
                  onApply(s.query);
                  setOpen(false);
                }}
              >
                {s.query.trim() && !/^[a-z]/i.test(s.query) ? `${s.query.trim()} ${s.label}` : s.label}
              </UnstyledButton>
            ))}
          </Paper>
        )}
      </Box>
      <Group gap={6} mt="sm" aria-label={t('catalog.filters')} role="group">
        {filterChips.map((chip) => (
          <Button
            key={chip.filter}
            size="compact-sm"
            radius="xl"
            variant={active === chip.filter ? 'filled' : 'default'}
            aria-pressed={active === chip.filter}
            onClick={() => onApply(withFilter(value, active === chip.filter ? undefined : chip.filter))}
          >
            {chip.emoji} {t(`catalog.filter.${chip.filter}`)}
          </Button>
        ))}
      </Group>
    </Box>
  );
}
