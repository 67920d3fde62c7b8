/**
 * Every installers message a user can read, in English. The web app translates them by code
 * (`installers.<key>`, locales/fr/installers.json); the API returns the English text.
 */
export const installersMessages = {
  // The installer profile
  companyNameRequired: 'Company name is required',
  companyNameTooLong: 'The company name can have at most 200 characters',
  descriptionRequired: 'Describe your company in a few words',
  descriptionTooLong: 'The description can have at most 500 characters',
  radiusInvalid: 'The service radius must be a whole number of km from 10 to 300',
  productFamiliesInvalid: 'Choose product families among mat, cable and controls',
  familyNotCertified: 'None of your valid certifications qualifies you for {family}',
  capacityInvalid: 'Capacity must be a whole number of new jobs a month from 1 to 1,000',
  visibleInvalid: 'Say whether the profile is shown: true or false',
  notCertified: 'An installer profile needs a valid certification: finish or renew one in the academy first',
  // Postal codes and the search
  postalCodeInvalid: 'Enter a Canadian postal code like K1A 0B1',
  postalCodeUnknown: 'We do not know the area of this postal code: check it',
  familyInvalid: 'Choose a product family: mat, cable or controls',
} as const;
