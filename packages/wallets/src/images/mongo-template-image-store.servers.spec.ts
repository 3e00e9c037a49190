import { describeWithServer, mongoStoreSubject } from '@passes/testkit';
import { describeTemplateImageStoreContract } from '../testing/template-image-store.contract';
import { MongoTemplateImageStore } from './mongo-template-image-store';

describeWithServer('mongodb', 'Mongo template image store', (url) => {
  describeTemplateImageStoreContract('MongoTemplateImageStore', mongoStoreSubject(url, (db) => MongoTemplateImageStore.open(db)));
});
