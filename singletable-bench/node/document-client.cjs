'use strict';
// The AWS SDK for JavaScript v3's DocumentClient: the order put and got as a plain object, keys written by hand.
const { table, client, order, finish } = require('./common.cjs');
const { DynamoDBClient } = require('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient, PutCommand, GetCommand } = require('@aws-sdk/lib-dynamodb');

(async () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient(client));
  const key = { PK: `CUSTOMER#${order.customerId}`, SK: `ORDER#${order.orderId}` };
  await db.send(new PutCommand({ TableName: table, Item: { ...key, entityType: 'Order', ...order } }));
  const { Item } = await db.send(new GetCommand({ TableName: table, Key: key }));
  finish(Item);
  db.destroy();
})();
