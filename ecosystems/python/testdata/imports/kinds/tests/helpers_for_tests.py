import responses
