import {
  IconBuildingStore,
  IconChartLine,
  IconCreditCard,
  IconFileImport,
  IconHelpCircle,
  IconHistory,
  IconHome,
  IconKey,
  IconLogout,
  IconMoodSmile,
  IconPhoto,
  IconShirt,
  IconSparkles,
  IconWebhook,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { paths } from '../../../lib/urls/app-paths.ts';

export interface MenuItem {
  path: string;
  label: ParseKeys;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  adminOnly?: boolean;
}

/** Spec §2: the menu, in order; admin-only items are hidden from shop owners. */
export const menuItems: readonly MenuItem[] = [
  { path: paths.shops, label: 'menu.shops', icon: IconBuildingStore, adminOnly: true },
  { path: paths.shop, label: 'menu.shop', icon: IconHome },
  { path: paths.garments, label: 'menu.garments', icon: IconShirt },
  { path: paths.tryons, label: 'menu.tryons', icon: IconPhoto, adminOnly: true },
  { path: paths.models, label: 'menu.models', icon: IconMoodSmile },
  { path: paths.looks, label: 'menu.looks', icon: IconSparkles, adminOnly: true },
  { path: paths.imports, label: 'menu.imports', icon: IconFileImport, adminOnly: true },
  { path: paths.keys, label: 'menu.keys', icon: IconKey },
  { path: paths.webhooks, label: 'menu.webhooks', icon: IconWebhook },
  { path: paths.statistics, label: 'menu.statistics', icon: IconChartLine },
  { path: paths.billing, label: 'menu.billing', icon: IconCreditCard },
  { path: paths.audit, label: 'menu.audit', icon: IconHistory },
  { path: paths.faq, label: 'menu.faq', icon: IconHelpCircle },
  { path: paths.logout, label: 'menu.logout', icon: IconLogout },
];

export const visibleMenuItems = (isAdmin: boolean) => menuItems.filter((item) => isAdmin || !item.adminOnly);
