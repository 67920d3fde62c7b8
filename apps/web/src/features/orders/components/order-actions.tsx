import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BanIcon, LandmarkIcon, PackageCheckIcon, PlayIcon, TruckIcon, Undo2Icon, type LucideIcon } from 'lucide-react';
import type { OrderAction } from '@meltway/shared/orders/order-states';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useOrderStep, type OrderStep } from '../api/orders';
import { CancelDialog } from './cancel-dialog';
import { RefundDialog } from './refund-dialog';
import { ShipDialog } from './ship-dialog';

/** The steps the dashboard offers, in the order an order goes through them, and how each shows. */
const STEPS: { action: OrderAction; icon: LucideIcon; variant: 'default' | 'outline' }[] = [
  { action: 'process', icon: PlayIcon, variant: 'default' },
  { action: 'ship', icon: TruckIcon, variant: 'default' },
  { action: 'deliver', icon: PackageCheckIcon, variant: 'default' },
  { action: 'settle', icon: LandmarkIcon, variant: 'outline' },
  { action: 'refund', icon: Undo2Icon, variant: 'outline' },
  { action: 'cancel', icon: BanIcon, variant: 'outline' },
];

type Open = 'ship' | 'cancel' | 'refund' | 'settle' | null;

/**
 * The buttons of the steps the order's `actions` allow its reader now (the server decides them), each a
 * POST /orders/:id/<action>; ship, cancel and refund ask for their details first, settle for a confirmation.
 */
export function OrderActions({ order }: { order: OrderOut }) {
  const { t } = useTranslation('orders');
  const errorMessage = useErrorText();
  const step = useOrderStep(order.id);
  const [open, setOpen] = useState<Open>(null);
  const [running, setRunning] = useState<OrderAction | null>(null);
  const offered = STEPS.filter((s) => order.actions.includes(s.action));
  if (!offered.length) return null;

  const run = (s: OrderStep) => step.mutateAsync(s);
  const direct = (action: 'process' | 'deliver' | 'settle') => {
    setRunning(action);
    step.mutate(
      { action },
      {
        onSuccess: (saved) => notify.success(t(`actions.done.${action}`, { number: saved.number })),
        onError: (error) => notify.error(errorMessage(error, t('actions.failed'))),
        onSettled: () => setRunning(null),
      },
    );
  };
  const click = (action: OrderAction) => {
    if (action === 'process' || action === 'deliver') direct(action);
    else setOpen(action as Open);
  };
  const close = (next: boolean) => !next && setOpen(null);

  return (
    <>
      {offered.map(({ action, icon: Icon, variant }) => (
        <Button key={action} variant={variant} onClick={() => click(action)} disabled={step.isPending}>
          {running === action ? <Spinner /> : <Icon aria-hidden />}
          {t(`actions.${action}`)}
        </Button>
      ))}
      <ShipDialog order={order} open={open === 'ship'} onOpenChange={close} run={run} pending={step.isPending} />
      <CancelDialog order={order} open={open === 'cancel'} onOpenChange={close} run={run} pending={step.isPending} />
      <RefundDialog order={order} open={open === 'refund'} onOpenChange={close} run={run} pending={step.isPending} />
      <ConfirmDialog
        open={open === 'settle'}
        onOpenChange={close}
        title={t('settle.title', { number: order.number })}
        description={t('settle.description')}
        confirmLabel={t('settle.submit')}
        onConfirm={() => direct('settle')}
      />
    </>
  );
}

