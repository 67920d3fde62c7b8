/** Images of products, categories and brands: checked by their bytes on the server. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Files one upload request may carry. */
export const UPLOAD_MAX_FILES = 12;
export const PRODUCT_MAX_IMAGES = 12;

export const PRODUCT_KINDS = ['mat', 'cable', 'controller', 'sensor', 'accessory'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/**
 * The families a certification may qualify its holders for, and an installer works in: heated mats, cables, and the
 * controls (controllers and sensors) that run them.
 */
export const PRODUCT_FAMILIES = ['mat', 'cable', 'controls'] as const;
export type ProductFamily = (typeof PRODUCT_FAMILIES)[number];

export const PRODUCT_SORTS = ['name', 'price', 'created_at', 'stock'] as const;
export const TAXONOMY_SORTS = ['name', 'created_at'] as const;
/** Which products a list shows: the public always gets `active`; staff may ask for the others. */
export const PRODUCT_STATUSES = ['active', 'inactive', 'all'] as const;
