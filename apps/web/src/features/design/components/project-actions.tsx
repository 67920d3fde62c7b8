import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CopyIcon, DownloadIcon, PencilRulerIcon, ShoppingCartIcon, Trash2Icon } from 'lucide-react';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import type { DesignProject, StockShortLine } from '@meltway/shared/design/project.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { useCreateDesign } from '../api/create-design';
import { useAddProjectToCart, useDeleteProject, useDownloadPermitPack } from '../api/projects';
import { editDesignPath } from '../api/project-to-edit';
import { useDesignMessages } from './design-message';
import { ProjectShareSwitch } from './project-share-switch';
import { StockShortNotice } from './stock-short';

/** The longest project name the server keeps. */
const NAME_MAX = 120;

/**
 * What can be done with a project: order its materials, download its permit pack, copy it, and, for its
 * owner, share it with the dealer, edit its design or delete it. `onCart` receives the cart the server
 * answered, so the header's count follows.
 */
export function ProjectActions({ project, onCart }: { project: DesignProject; onCart?: (cart: CartOut) => void }) {
  const { t, i18n } = useTranslation('design-projects');
  const navigate = useNavigate();
  const messages = useDesignMessages();
  const user = useCurrentUser();
  const cart = useAddProjectToCart(onCart);
  const permitPack = useDownloadPermitPack();
  const duplicate = useCreateDesign();
  const remove = useDeleteProject();
  const [confirming, setConfirming] = useState(false);
  // Lines the stock cannot supply: offered to add what is in stock, or left short after it was.
  const [short, setShort] = useState<{ lines: StockShortLine[]; state: 'offer' | 'added' } | null>(null);
  const canShare = project.editable && user?.role === 'contractor';
  // The cart filled is the project owner's own: an admin may change anyone's project, but orders only for itself.
  const canOrder = project.orderable;

  const addToCart = (partial: boolean) =>
    cart.mutate(
      { id: project.id, partial },
      {
        onSuccess: (answer) => {
          setShort(answer.short.length ? { lines: answer.short, state: 'added' } : null);
          notify.success(t(answer.short.length ? 'actions.addedInStock' : 'actions.added'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'design.stockShort' && error.lists.lines) {
            setShort({ lines: error.lists.lines as StockShortLine[], state: 'offer' });
          } else notify.error(messages.error(error, t('actions.cartFailed')));
        },
      },
    );

  const copy = () => {
    const name = t('actions.copyOf', { name: project.name }).slice(0, NAME_MAX).trim();
    duplicate.mutate(
      { name, input: project.input },
      {
        onSuccess: (created) => {
          notify.success(t('actions.duplicated', { name: created.name }));
          void navigate(`/layout-generator/projects/${created.id}`);
        },
        onError: (error) => notify.error(messages.error(error, t('actions.duplicateFailed'))),
      },
    );
  };

  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t('actions.label')} className="flex flex-wrap gap-2">
        {canOrder ? (
          <Button
            variant="ember"
            disabled={cart.isPending}
            onClick={() => addToCart(false)}
          >
            {cart.isPending ? <Spinner /> : <ShoppingCartIcon aria-hidden />}
            {t('actions.cart')}
          </Button>
        ) : null}
        <Button
          variant="outline"
          disabled={permitPack.isPending}
          onClick={() =>
            permitPack.mutate(
              { project, lang: i18n.resolvedLanguage ?? 'en' },
              { onError: (error) => notify.error(messages.error(error, t('actions.permitFailed'))) },
            )
          }
        >
          {permitPack.isPending ? <Spinner /> : <DownloadIcon aria-hidden />}
          {t('actions.permitPack')}
        </Button>
        {project.editable ? (
          <Link to={editDesignPath(project.id)} className={buttonVariants({ variant: 'outline' })}>
            <PencilRulerIcon aria-hidden />
            {t('actions.edit')}
          </Link>
        ) : null}
        <Button variant="outline" disabled={duplicate.isPending} onClick={copy}>
          {duplicate.isPending ? <Spinner /> : <CopyIcon aria-hidden />}
          {t('actions.duplicate')}
        </Button>
        {project.editable ? (
          <Button variant="outline" className="text-destructive" disabled={remove.isPending} onClick={() => setConfirming(true)}>
            {remove.isPending ? <Spinner /> : <Trash2Icon aria-hidden />}
            {t('actions.delete')}
          </Button>
        ) : null}
      </div>
      {short ? (
        <StockShortNotice
          lines={short.lines}
          bom={project.result.bom}
          state={short.state}
          pending={cart.isPending}
          onAddInStock={() => addToCart(true)}
          onDismiss={() => setShort(null)}
        />
      ) : null}
      {cart.isSuccess && !short ? (
        <Alert variant="success" role="status">
          <span>
            {t('actions.inCart')}{' '}
            <Link to="/cart" className="font-medium underline underline-offset-4">
              {t('actions.viewCart')}
            </Link>
          </span>
        </Alert>
      ) : null}
      {canShare ? <ProjectShareSwitch project={project} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('actions.deleteTitle', { name: project.name })}
        description={t('actions.deleteBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={() =>
          remove.mutate(project.id, {
            onSuccess: () => {
              notify.success(t('actions.deleted'));
              void navigate('/layout-generator/projects');
            },
            onError: (error) => notify.error(messages.error(error, t('actions.deleteFailed'))),
          })
        }
      />
    </div>
  );
}
